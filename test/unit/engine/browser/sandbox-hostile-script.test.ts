// A hostile BROWSER script against the real sandbox (bwrap, Debian's Chromium, the filtering
// proxy): it hunts for the service's secrets, files and processes and for a listener on the
// service's 127.0.0.1 in every way a tenant has tried (the issue "Tenants' scripts in a real
// sandbox"). The guard is on with a test-only allow-list of 127.0.0.2/32.
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeRunDir } from "../../../../src/engine/browser/sandbox.js";
import { HOSTILE_SCRIPT } from "../../../support/hostile-script.js";

vi.setConfig({ testTimeout: 120_000 });

const CANARY = `canary-${randomBytes(12).toString("hex")}`;
const hits: { service: string[]; allowed: string[] } = { service: [], allowed: [] };
let service: Server;
let allowed: Server;
let servicePort = 0;
let allowedPort = 0;
let dataDir = "";
let otherRun: Awaited<ReturnType<typeof makeRunDir>>;

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  service = createServer((request, response) => {
    hits.service.push(request.url ?? "");
    response.end(`service secret ${CANARY}`);
  });
  allowed = createServer((request, response) => {
    hits.allowed.push(request.url ?? "");
    if (request.url === "/redirect")
      return void response.writeHead(302, { location: `http://127.0.0.1:${servicePort}/redirected` }).end();
    response.setHeader("content-type", "text/html");
    response.end("<html><body><h1>allowed page</h1></body></html>");
  });
  servicePort = await listen(service, "127.0.0.1");
  allowedPort = await listen(allowed, "127.0.0.2");
  dataDir = await mkdtemp(join(tmpdir(), "vigil-service-data-"));
  const db = new Database(join(dataDir, "vigil.db"));
  db.exec(`CREATE TABLE accounts (secret TEXT); INSERT INTO accounts VALUES ('${CANARY}');`);
  db.close();
  otherRun = await makeRunDir("vigil-browser-");
  await writeFile(join(otherRun.dir, "report.json"), CANARY);
});
afterAll(async () => {
  service.close();
  allowed.close();
  await rm(dataDir, { recursive: true, force: true });
  await otherRun.cleanup();
});

const host = new URL("../../../support/script-host.ts", import.meta.url).pathname;

/**
 * Runs the script in a process standing for the service (script-host.ts), the canary and a
 * DATABASE_URL in its initial environment; checks that the canary is really there to be found.
 */
async function runInService(script: string, variables: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", host], {
    env: {
      ...process.env,
      VIGIL_TEST_CANARY: CANARY,
      DATABASE_URL: `file:${join(dataDir, "vigil.db")}`,
      HOST_INPUT: JSON.stringify({ script, variables, allow: ["127.0.0.2/32"] }),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  let environ = "";
  while (!environ.includes(CANARY) && child.exitCode === null) {
    environ = await readFile(`/proc/${child.pid}/environ`, "latin1").catch(() => "");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => child.once("close", resolve));
  return {
    environ,
    ...(JSON.parse(output.trim().split("\n").pop()!) as {
      hasFailures: boolean;
      result: { errors: string[]; jobLog: { msg: string }[]; pages: unknown[] };
      assets: { kind: string; path: string; file: boolean }[];
    }),
  };
}

describe("a hostile BROWSER script in the sandbox", () => {
  it("finds no secret, no file and no process of the service's, and no way to its 127.0.0.1; 127.0.0.2 (allowed) loads", async () => {
    const outcome = await runInService(HOSTILE_SCRIPT, {
      SERVICE: `http://127.0.0.1:${servicePort}`,
      ALLOWED: `http://127.0.0.2:${allowedPort}`,
      DB: join(dataDir, "vigil.db"),
      OTHER_RUN: otherRun.dir,
    });
    expect(outcome.environ).toContain(`VIGIL_TEST_CANARY=${CANARY}`);
    const log = outcome.result.jobLog.map((l) => l.msg).join("\n");
    const seen = JSON.parse(/SEEN=(.*)/.exec(log)![1]!) as Record<string, any>;
    expect(log).not.toContain(CANARY);
    expect(seen.environHits).toEqual([]);
    // Only the run's own processes: bwrap's init, node (Playwright Test and its worker), Chromium.
    expect(seen.commands[0]).toBe("/usr/bin/bwrap");
    // node: the system's, or the project's own Node bound at /opt/vigil/node (never the checkout's path).
    for (const command of seen.commands)
      expect(command).toMatch(/^\/(usr\/(bin\/bwrap|bin\/node|lib\/chromium\/)|opt\/vigil\/node\/bin\/node$)/);
    expect(seen.commands.join(" ")).not.toMatch(/vitest/);
    expect(seen.db.error).toMatch(/ENOENT/);
    expect(seen.otherRun.error).toMatch(/ENOENT/);
    const refused = /refused: .*BLOCK_PRIVATE_TARGETS/;
    expect(seen.nodeHttp.error).toMatch(refused);
    expect(seen.fetch.error).toBe("fetch failed"); // undici's CONNECT answered 403
    // A direct socket: the sandbox's loopback is its own, nothing listens there.
    expect(seen.rawSocket.error).toMatch(/ECONNREFUSED/);
    for (const way of ["pageRequest", "newContext", "mapped", "byName", "redirect"])
      expect(seen[way], way).toEqual({ ok: expect.stringMatching(/^403 refused: .*BLOCK_PRIVATE_TARGETS/) });
    expect(hits.service).toEqual([]);
    expect(seen.allowed).toEqual({ ok: "allowed page" });
    expect(hits.allowed).toEqual(expect.arrayContaining(["/redirect", "/"]));
    // The refusals fail the run, and say why.
    expect(outcome.hasFailures).toBe(true);
    expect(outcome.result.errors.join("\n")).toMatch(/refused: 127\.0\.0\.1 .*BLOCK_PRIVATE_TARGETS/);
  });

  it("leaves the service nothing to follow: links it plants at the files the service writes or reads after the run", async () => {
    const victim = join(dataDir, "victim.txt");
    const bait = join(dataDir, "bait.jsonl");
    await writeFile(victim, "the service's file\n");
    await writeFile(bait, `${JSON.stringify({ pages: [{ url: CANARY }], summary: {} })}\n`);
    const outcome = await runInService(
      `import { test } from "@playwright/test";
import fs from "node:fs";
test("plant", async () => {
  const dir = process.env.HOME;
  fs.symlinkSync(process.env.VICTIM, dir + "/job-log.txt");
  fs.rmSync(dir + "/pages.jsonl", { force: true });
  fs.symlinkSync(process.env.BAIT, dir + "/pages.jsonl");
});`,
      { VICTIM: victim, BAIT: bait },
    );
    expect(await readFile(victim, "utf8")).toBe("the service's file\n");
    expect(outcome.result.pages).toEqual([]);
    expect(JSON.stringify(outcome.result)).not.toContain(CANARY);
    const log = outcome.assets.find((a) => a.kind === "log")!;
    expect(log).toMatchObject({ file: true, path: expect.stringMatching(/\/vigil-browser-[^/]+\/job-log\.txt$/) });
  });
});
