import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isRunning, runAlive } from "../../../../src/engine/browser/processes.js";
import { makeRunDir, runInSandbox } from "../../../../src/engine/browser/sandbox.js";
import { launchCommand } from "../../../../src/sandbox/index.js";

const isolated = (cwd: string) => ({ bwrapPath: "/usr/bin/bwrap", proxySocket: join(cwd, "proxy.sock") });

const dirs: (() => Promise<void>)[] = [];
async function script(source: string) {
  const run = await makeRunDir();
  dirs.push(run.cleanup);
  const entry = join(run.dir, "main.cjs");
  await writeFile(entry, source);
  return { entry, cwd: run.dir };
}
afterEach(async () => {
  for (const cleanup of dirs.splice(0)) await cleanup();
});

describe("runInSandbox", () => {
  it("gives the script only the check's variables, its own directory as cwd and home, as nobody in bwrap", async () => {
    process.env.VIGIL_TEST_SERVICE_SECRET = "service-only";
    const { entry, cwd } = await script(
      "const fs = require('node:fs'); console.log(JSON.stringify({ cwd: process.cwd(), home: process.env.HOME, own: process.env.OWN, db: process.env.DATABASE_URL ?? null, secret: process.env.VIGIL_TEST_SERVICE_SECRET ?? null, uid: process.getuid(), root: fs.readdirSync('/').sort(), processes: fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n)).length, checkout: fs.existsSync(process.argv[2]), preload: process.env.LD_PRELOAD, envFile: fs.existsSync('.vigil-env.json'), tasks: /Max processes\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'))[1], status: fs.readFileSync('/proc/self/status', 'utf8').split('\\n').filter((l) => /^(Uid|Gid|Groups|CapPrm|CapEff|CapAmb|NoNewPrivs):/.test(l)).map((l) => l.replace(/\\s+/g, ' ')) }))",
    );
    const checkout = new URL("../../../../package.json", import.meta.url).pathname;
    const result = await runInSandbox({
      entry,
      args: [checkout],
      cwd,
      env: { OWN: "mine", LD_PRELOAD: "/nowhere/evil.so" },
      timeoutMs: 10_000,
      isolation: isolated(cwd),
    });
    delete process.env.VIGIL_TEST_SERVICE_SECRET;
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.output)).toEqual({
      cwd,
      home: cwd,
      own: "mine",
      db: null,
      secret: null,
      uid: 65534,
      // bwrap's pid 1 and node: no process of the service's
      processes: 2,
      root: ["bin", "dev", "etc", "lib", "lib64", "opt", "proc", "sbin", "tmp", "usr", "var"],
      checkout: false,
      // The check's variables arrive once the run is nobody: never in bwrap's (root's) environment.
      preload: "/nowhere/evil.so",
      envFile: false,
      // A fork bomb stops at the sandbox user's task limit.
      tasks: "8192",
      // nobody for real (real, effective, saved and fs ids), no capability, setuid binaries inert
      status: [
        "Uid: 65534 65534 65534 65534",
        "Gid: 65534 65534 65534 65534",
        "Groups: ",
        "CapPrm: 0000000000000000",
        "CapEff: 0000000000000000",
        "CapAmb: 0000000000000000",
        "NoNewPrivs: 1",
      ],
    });
  });

  it("hands the check's variables over in a file, never in bwrap's own (root's) environment", async () => {
    const { entry, cwd } = await script("");
    const launch = await launchCommand(isolated(cwd), {
      dir: cwd,
      entry,
      args: [],
      env: { PATH: "/usr/bin:/bin" },
      checkEnv: { LD_PRELOAD: "/nowhere/evil.so", OWN: "mine" },
    });
    expect(launch.file).toBe("/usr/bin/bwrap");
    expect(launch.args.join(" ")).not.toMatch(/LD_PRELOAD|OWN|evil/);
    expect(launch.args.join(" ")).toContain(`--setenv VIGIL_ENV_FILE ${cwd}/.vigil-env.json`);
    expect(JSON.parse(await readFile(join(cwd, ".vigil-env.json"), "utf8"))).toEqual({
      LD_PRELOAD: "/nowhere/evil.so",
      OWN: "mine",
    });
  });

  it("kills a run that outlives its limit, with the processes it started", async () => {
    const { entry, cwd } = await script(
      "const { spawn } = require('node:child_process'); const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' }); console.log(JSON.stringify({ tag: process.env.VIGIL_SANDBOX_RUN, pid: c.pid })); setInterval(() => {}, 1000);",
    );
    const result = await runInSandbox({ entry, cwd, env: {}, timeoutMs: 1500, isolation: isolated(cwd) });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe("SIGKILL");
    const { tag, pid } = JSON.parse(result.output) as { tag: string; pid: number };
    expect(await runAlive(tag)).toEqual([]);
    expect(await isRunning(pid)).toBe(false);
  });

  it("keeps a bounded part of a large output and counts the rest", async () => {
    const { entry, cwd } = await script(
      "const line = 'x'.repeat(1023) + '\\n'; for (let i = 0; i < 4096; i++) process.stdout.write(line);",
    );
    const result = await runInSandbox({
      entry,
      cwd,
      env: {},
      timeoutMs: 20_000,
      maxOutputBytes: 64 * 1024,
      isolation: isolated(cwd),
    });
    expect(result.exitCode).toBe(0);
    expect(result.output.length).toBe(64 * 1024);
    expect(result.droppedBytes).toBe(4096 * 1024 - 64 * 1024);
  });

  it("kills the runs under way when the process running them exits", async () => {
    const { entry, cwd } = await script("console.log(process.env.VIGIL_SANDBOX_RUN); setInterval(() => {}, 1000);");
    const host = join(cwd, "host.mts");
    const sandbox = new URL("../../../../src/engine/browser/sandbox.ts", import.meta.url).pathname;
    await writeFile(
      host,
      `import { runInSandbox } from ${JSON.stringify(sandbox)};
void runInSandbox({ entry: ${JSON.stringify(entry)}, cwd: ${JSON.stringify(cwd)}, env: {}, timeoutMs: 60_000, isolation: ${JSON.stringify(isolated(cwd))}, onOutput: (tag) => { console.log(tag.trim()); setTimeout(() => process.exit(0), 100); } });`,
    );
    const { execFileSync } = await import("node:child_process");
    const tag = execFileSync(process.execPath, ["--import", "tsx", host], { encoding: "utf8", timeout: 30_000 }).trim();
    expect(tag).toMatch(/^[0-9a-f-]{36}$/);
    // SIGKILLed as the host exited; the kernel takes a moment to end a busy process.
    for (let i = 0; i < 50 && (await runAlive(tag)).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await runAlive(tag)).toEqual([]);
  });

  it("stops at once when its signal aborts", async () => {
    const { entry, cwd } = await script("setInterval(() => {}, 1000)");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await runInSandbox({
      entry,
      cwd,
      env: {},
      timeoutMs: 60_000,
      signal: controller.signal,
      isolation: isolated(cwd),
    });
    expect(result.aborted).toBe(true);
    expect(result.timedOut).toBe(false);
  });
});
