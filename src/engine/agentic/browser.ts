import { lookup } from "node:dns/promises";
import { createRequire } from "node:module";
import { isIP } from "node:net";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "../browser/project.js";
import { runInSandbox, type SandboxResult } from "../browser/sandbox.js";
import { isPrivateAddress } from "../runners/targets.js";

const ENDPOINT_LINE = "VIGIL_AGENT_BROWSER "; // what browser-server.ts prints
const TEXT_CAP = 8_000;

export type ToolReply = { output?: string; error?: string; screenshot?: { path: string; size: number } };
export type BrowserOptions = {
  chromiumPath: string;
  blockPrivateTargets: boolean;
  /** The run's directory: the sandbox's working directory, and where screenshots go. */
  dir: string;
  /** The run's wall-clock limit: the sandbox kills the browser then. */
  timeoutMs: number;
  memoryMb: number;
  /** Aborting it kills the browser (cancellation, the run's deadline, the run's end). */
  signal: AbortSignal;
};

/** The compiled server from dist/, or the TypeScript source through tsx (tests, an edited checkout). */
function serverEntry(): { entry: string; nodeArgs: string[] } {
  const here = import.meta.url;
  if (here.endsWith(".js")) return { entry: fileURLToPath(new URL("./browser-server.js", here)), nodeArgs: [] };
  const tsx = pathToFileURL(createRequire(here).resolve("tsx")).href;
  return { entry: fileURLToPath(new URL("./browser-server.ts", here)), nodeArgs: ["--import", tsx] };
}

async function privateHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  return addresses.some(isPrivateAddress);
}

/**
 * The agent's browser: Chromium runs in the sandbox (its own process, directory and environment,
 * a wall-clock and a memory limit, killed with everything it started), behind a Playwright browser
 * server on 127.0.0.1; this process drives its one page through the tools. Under
 * BLOCK_PRIVATE_TARGETS every request of the page to a private address is refused.
 */
export class AgentBrowser {
  private shots = 0;
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly dir: string,
    /** The sandbox's end (after a kill: the browser is gone). */
    readonly ended: Promise<SandboxResult>,
  ) {}

  static async start(options: BrowserOptions, startTimeoutMs: number): Promise<AgentBrowser> {
    const { entry, nodeArgs } = serverEntry();
    let output = "";
    let found: (ws: string) => void = () => {};
    const endpoint = new Promise<string>((resolve) => {
      found = resolve;
    });
    const ended = runInSandbox({
      entry,
      nodeArgs,
      args: [options.chromiumPath, JSON.stringify(CHROMIUM_ARGS)],
      env: {},
      cwd: options.dir,
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
    const failed = (why: string) => new Error(why);
    const ws = await Promise.race([
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
    const browser = await chromium.connect(ws, { timeout: startTimeoutMs });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (options.blockPrivateTargets)
      await context.route("**/*", async (route) => {
        const url = new URL(route.request().url());
        if (/^(https?|wss?):$/.test(url.protocol) && (await privateHost(url.hostname)))
          return route.abort("blockedbyclient");
        return route.continue();
      });
    const page = await context.newPage();
    return new AgentBrowser(browser, page, options.dir, ended);
  }

  /** One tool call; any failure (a selector not found, a timeout, a navigation refused) is an error reply. */
  async tool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<ToolReply> {
    const str = (key: string) => (typeof args[key] === "string" ? (args[key] as string) : undefined);
    this.page.setDefaultTimeout(timeoutMs);
    try {
      return await this.run(name, str, timeoutMs);
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
        const bytes = await page.screenshot({ path });
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
