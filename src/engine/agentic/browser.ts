import { constants, mkdir, open, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { isolateRun, type ScriptSandbox } from "../../sandbox/index.js";
import { CHROMIUM_ARGS } from "../browser/project.js";
import { runInSandbox, type SandboxResult } from "../browser/sandbox.js";
import { browserServerSource, ENDPOINT_LINE } from "./browser-server-source.js";

const TEXT_CAP = 8_000;
/** Linux's O_PATH (Node has no constant for it): a handle on the socket's inode, not its name. */
const O_PATH = 0o10000000;

export type ToolReply = { output?: string; error?: string; screenshot?: { path: string; size: number } };
export type BrowserOptions = {
  chromiumPath: string;
  /** bwrap and the proxy's address rule, or SCRIPT_SANDBOX=off (src/sandbox). */
  sandbox: ScriptSandbox;
  /**
   * The run's directory, where screenshots go (the service's alone); the sandbox works in its
   * `sandbox` folder, so nothing the browser's side writes can stand in for a screenshot.
   */
  dir: string;
  /** The run's wall-clock limit: the sandbox kills the browser then. */
  timeoutMs: number;
  memoryMb: number;
  /** Aborting it kills the browser (cancellation, the run's deadline, the run's end). */
  signal: AbortSignal;
};

/**
 * The agent's browser: Chromium runs in the sandbox (its own process, directory and environment,
 * a wall-clock and a memory limit, killed with everything it started; every request through the
 * filtering proxy), behind a Playwright browser server reached over a Unix socket in the run's
 * directory; this process drives its one page through the tools.
 */
export class AgentBrowser {
  private shots = 0;
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly dir: string,
    /** The sandbox's end (after a kill: the browser is gone). */
    readonly ended: Promise<SandboxResult>,
    /** What the run's proxy refused so far (BLOCK_PRIVATE_TARGETS). */
    private readonly refusals: readonly string[],
  ) {}

  static async start(options: BrowserOptions, startTimeoutMs: number): Promise<AgentBrowser> {
    const work = join(options.dir, "sandbox");
    await mkdir(work);
    const isolated = await isolateRun(work, options.sandbox);
    const entry = join(work, ".vigil-browser-server.cjs");
    const socket = join(work, "browser.sock");
    await writeFile(entry, browserServerSource(isolated.isolation !== null));
    let output = "";
    let found: (path: string) => void = () => {};
    const endpoint = new Promise<string>((resolve) => {
      found = resolve;
    });
    const ended = runInSandbox({
      entry,
      args: [options.chromiumPath, JSON.stringify(CHROMIUM_ARGS), socket],
      env: {},
      cwd: work,
      isolation: isolated.isolation,
      timeoutMs: options.timeoutMs,
      memoryMb: options.memoryMb,
      signal: options.signal,
      maxOutputBytes: 64 * 1024,
      onOutput: (chunk) => {
        output += chunk;
        const line = output.split("\n").find((l) => l.startsWith(ENDPOINT_LINE));
        if (line) found(line.slice(ENDPOINT_LINE.length).trim());
      },
    });
    // The proxy lives as long as the browser (the sandbox ends at the run's end or on a kill).
    void ended.finally(() => isolated.close());
    const failed = (why: string) => new Error(why);
    const path = await Promise.race([
      endpoint,
      ended.then((r) => {
        throw failed(r.output.trim().split("\n").pop() || `the browser process ended (exit ${r.exitCode ?? r.signal})`);
      }),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(failed(`the browser did not start within ${startTimeoutMs} ms`)),
          startTimeoutMs,
        ).unref(),
      ),
    ]);
    // ws's Unix-socket form: the browser server is on the sandbox's own loopback, out of reach
    // otherwise. The socket is opened first (O_PATH, no link followed) and connected to through
    // that handle: the sandbox could replace its name with a link to a socket of the host's.
    const handle = await open(socket, O_PATH | constants.O_NOFOLLOW);
    let browser: Browser;
    try {
      if (!(await handle.stat()).isSocket()) throw new Error("the browser server's socket is not a socket");
      // Loaded on the first agentic run: playwright-core is 13 MB of source held by every process
      // that imports it (the engine's memory), and most instances run no agentic check.
      const { chromium } = await import("playwright-core");
      browser = await chromium.connect(`ws+unix:/proc/self/fd/${handle.fd}:${path}`, { timeout: startTimeoutMs });
    } finally {
      await handle.close();
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    return new AgentBrowser(browser, page, options.dir, ended, isolated.proxy?.refusals ?? []);
  }

  /** One tool call; any failure (a selector not found, a timeout, a navigation refused) is an error reply. */
  async tool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<ToolReply> {
    const str = (key: string) => (typeof args[key] === "string" ? (args[key] as string) : undefined);
    this.page.setDefaultTimeout(timeoutMs);
    const refusedBefore = this.refusals.length;
    try {
      const reply = await this.run(name, str, timeoutMs);
      // A refused page is the proxy's 403 to Chromium: the model is told why instead.
      const refused = this.refusals[refusedBefore];
      return refused ? { error: refused } : reply;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { error: message.split("\n")[0]!.slice(0, 300) };
    }
  }

  private target(str: (key: string) => string | undefined) {
    const text = str("text");
    if (text) return this.page.getByText(text).first();
    return this.page.locator(str("selector") || "body").first();
  }

  private async run(name: string, str: (key: string) => string | undefined, timeoutMs: number): Promise<ToolReply> {
    const page = this.page;
    switch (name) {
      case "navigate": {
        const url = new URL(str("url") ?? "");
        if (!/^https?:$/.test(url.protocol)) return { error: "only http and https URLs can be opened" };
        const response = await page.goto(url.href, { waitUntil: "load", timeout: timeoutMs });
        return { output: `opened ${page.url()} (HTTP ${response?.status() ?? "?"}); title: ${await page.title()}` };
      }
      case "click":
        await this.target(str).click();
        await page.waitForLoadState("load").catch(() => {});
        return { output: `clicked; the page is ${page.url()}` };
      case "fill": {
        const selector = str("selector");
        if (!selector) return { error: "fill needs a selector" };
        await page
          .locator(selector)
          .first()
          .fill(str("value") ?? "");
        return { output: `filled ${selector}` };
      }
      case "read_text": {
        // biome-ignore lint/performance/useDomNodeTextContent: the agent reads what a user sees
        const text = await this.target(str).innerText();
        return { output: text.length > TEXT_CAP ? `${text.slice(0, TEXT_CAP)} [... cut]` : text };
      }
      case "screenshot": {
        const path = join(this.dir, `agent-screenshot-${++this.shots}.png`);
        const bytes = await page.screenshot();
        await writeFile(path, bytes, { flag: "wx" });
        return { output: `screenshot of ${page.url()} taken`, screenshot: { path, size: bytes.length } };
      }
      default:
        return { error: `there is no tool named ${name}` };
    }
  }

  /** Disconnects; the caller's signal kills the sandbox (and Chromium with it). */
  async disconnect(): Promise<void> {
    await this.browser.close().catch(() => {});
  }
}
