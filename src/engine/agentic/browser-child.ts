// The agent's browser, in a child process of its own (see browser.ts): Chromium driven by
// playwright-core, one tool call at a time as the parent sends them over IPC. The child never
// sees the model's endpoint or key, nor the service's environment.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { isPrivateAddress } from "../runners/targets.js";
import type { ChildRequest, ChildReply, ChildStart } from "./protocol.js";

const TEXT_CAP = 8_000;
const ACTION_TIMEOUT_MS = 10_000;

let browser: Browser | null = null;
let page: Page | null = null;
let shots = 0;

async function privateHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  return addresses.some(isPrivateAddress);
}

async function start(options: ChildStart): Promise<void> {
  browser = await chromium.launch({ executablePath: options.chromiumPath, headless: true, args: options.args });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (options.blockPrivateTargets)
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (/^https?:$/.test(url.protocol) && (await privateHost(url.hostname))) return route.abort("blockedbyclient");
      return route.continue();
    });
  page = await context.newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
}

const cap = (text: string) => (text.length > TEXT_CAP ? `${text.slice(0, TEXT_CAP)} [... cut]` : text);

/** A selector, or visible text when the model gave text (or a selector that is plain words). */
function target(p: Page, args: { selector?: string; text?: string }) {
  if (args.text) return p.getByText(args.text, { exact: false }).first();
  return p.locator(args.selector ?? "body").first();
}

async function run(request: ChildRequest, dir: string): Promise<ChildReply> {
  const p = page!;
  const args = request.args as Record<string, string | undefined>;
  switch (request.tool) {
    case "navigate": {
      const url = new URL(args.url ?? "");
      if (!/^https?:$/.test(url.protocol)) return { id: request.id, error: "only http and https URLs can be opened" };
      const response = await p.goto(url.href, { waitUntil: "load" });
      return {
        id: request.id,
        output: `opened ${p.url()} (HTTP ${response?.status() ?? "?"}), title: ${await p.title()}`,
      };
    }
    case "click":
      await target(p, args).click();
      await p.waitForLoadState("load").catch(() => {});
      return { id: request.id, output: `clicked; now at ${p.url()}` };
    case "fill":
      await p
        .locator(args.selector ?? "")
        .first()
        .fill(args.value ?? "");
      return { id: request.id, output: `filled ${args.selector}` };
    case "read_text": {
      const text = await target(p, args).innerText();
      return { id: request.id, output: cap(text) };
    }
    case "screenshot": {
      const path = join(dir, `agent-step-${++shots}.png`);
      const bytes = await p.screenshot({ path });
      return { id: request.id, output: `screenshot taken of ${p.url()}`, screenshot: { path, size: bytes.length } };
    }
    default:
      return { id: request.id, error: `unknown tool ${request.tool}` };
  }
}

let dir = process.cwd();
process.on("message", (message: ChildStart | ChildRequest) => {
  void (async () => {
    if (message.type === "start") {
      dir = message.dir;
      try {
        await start(message);
        process.send!({ id: 0, output: "ready" } satisfies ChildReply);
      } catch (error) {
        process.send!({
          id: 0,
          error: `the browser could not start: ${(error as Error).message}`,
        } satisfies ChildReply);
      }
      return;
    }
    let reply: ChildReply;
    try {
      reply = await run(message, dir);
    } catch (error) {
      reply = { id: message.id, error: (error as Error).message.split("\n")[0] ?? "failed" };
    }
    process.send!(reply);
  })();
});
process.on("disconnect", () => {
  void (browser?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
