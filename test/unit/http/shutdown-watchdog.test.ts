// Issue 25, point 13: a stop that something holds past SHUTDOWN_TIMEOUT_MS + 2 s ends anyway, and
// the log names what held it (process.getActiveResourcesInfo()). Real processes: one held by a
// listening server it never closes, one with nothing left to hold it.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const src = new URL("../../../src/", import.meta.url).pathname;
let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "vigil-watchdog-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs a stop that leaves `held` open, watched for 300 ms; its exit code and log lines. */
async function stopHolding(held: "a listening server" | "nothing") {
  const file = join(dir, `${held.replace(/ /g, "-")}.ts`);
  await writeFile(
    file,
    `import { createServer } from "node:net";
import { exitIfStillRunningAfter } from ${JSON.stringify(`${src}http/shutdown-watchdog.ts`)};
import { createLogger } from ${JSON.stringify(`${src}logger.ts`)};
${held === "nothing" ? "" : 'createServer().listen(0, "127.0.0.1");'}
exitIfStillRunningAfter(300, createLogger("info"));
`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  // Without the watchdog the held process would never end: the test ends it, and says so.
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  clearTimeout(killer);
  const lines = output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg: string; holding?: string[] });
  return { code, lines };
}

describe("the shutdown watchdog", () => {
  it("ends a process something still holds, naming what held it", async () => {
    const { code, lines } = await stopHolding("a listening server");
    expect(code).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ msg: "shutdown overran: exiting" })]);
    expect(lines[0]!.holding).toContain("TCPServerWrap");
  }, 30_000);

  it("never keeps a process alive by itself, nor logs when nothing held it", async () => {
    const { code, lines } = await stopHolding("nothing");
    expect(code).toBe(0);
    expect(lines).toEqual([]);
  }, 30_000);
});
