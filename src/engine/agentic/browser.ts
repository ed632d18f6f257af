import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ChildReply, ChildRequest, ChildStart } from "./protocol.js";

/** Chromium's flags here (docs/stack.md): no sandbox as root in a container, no background network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export type BrowserOptions = { chromiumPath: string; blockPrivateTargets: boolean; dir: string; memoryMb: number };

/** Runs the compiled child from dist/, or the TypeScript source through tsx (tests, an edited checkout). */
function childEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith(".js")) return { file: fileURLToPath(new URL("./browser-child.js", here)), execArgv: [] };
  const tsx = pathToFileURL(createRequire(here).resolve("tsx")).href;
  return { file: fileURLToPath(new URL("./browser-child.ts", here)), execArgv: ["--import", tsx] };
}

/**
 * The agent's browser: a child process (with Chromium under it) in a process group of its own,
 * with an empty environment but for PATH and a HOME in the run's directory, and a memory limit.
 * `kill()` ends the whole group, Chromium included; a call pending then fails.
 */
export class BrowserChild {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, (reply: ChildReply) => void>();
  private next = 1;
  readonly exited: Promise<void>;

  private constructor(options: BrowserOptions) {
    const { file, execArgv } = childEntry();
    this.child = fork(file, [], {
      cwd: options.dir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: options.dir, TMPDIR: options.dir },
      execArgv: [...execArgv, `--max-old-space-size=${options.memoryMb}`],
      detached: true,
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.child.stderr?.resume();
    this.child.on("message", (reply: ChildReply) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
    this.exited = new Promise((resolve) => this.child.once("exit", () => resolve()));
    void this.exited.then(() => {
      for (const [id, answer] of this.pending) answer({ id, error: "the browser process ended" });
      this.pending.clear();
    });
  }

  static async start(options: BrowserOptions, timeoutMs: number): Promise<BrowserChild> {
    const browser = new BrowserChild(options);
    const start: ChildStart = { type: "start", ...options, args: CHROMIUM_ARGS };
    const reply = await browser.send(0, start, timeoutMs);
    if (reply.error) {
      browser.kill();
      throw new Error(reply.error);
    }
    return browser;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** One tool call; an error reply when it takes longer than timeoutMs (the child is then killed by the caller's deadline). */
  call(tool: string, args: Record<string, unknown>, timeoutMs: number): Promise<ChildReply> {
    const id = this.next++;
    const request: ChildRequest = { type: "call", id, tool, args };
    return this.send(id, request, timeoutMs);
  }

  private send(id: number, message: ChildStart | ChildRequest, timeoutMs: number): Promise<ChildReply> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ id, error: `${"tool" in message ? message.tool : "start"} took longer than ${timeoutMs} ms` });
      }, timeoutMs);
      this.pending.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      if (this.child.exitCode !== null || !this.child.connected) {
        this.pending.get(id)?.({ id, error: "the browser process ended" });
        return;
      }
      try {
        this.child.send(message);
      } catch {
        this.pending.get(id)?.({ id, error: "the browser process ended" });
      }
    });
  }

  /** Ends the child and its browser (the whole process group), at once. */
  kill(): void {
    if (this.child.pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      this.child.kill("SIGKILL");
    }
  }
}
