// A hostile BROWSER script against the real sandbox (bwrap, Debian's Chromium, the filtering
// proxy): it hunts for the service's secrets, files and processes and for a listener on the
// service's 127.0.0.1 in every way a tenant has tried (the issue "Tenants' scripts in a real
// sandbox"). The guard is on with a test-only allow-list of 127.0.0.2/32.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunOutcome } from "../../src/domain/monitoring/tries.js";
import { makeRunDir, Semaphore } from "../../src/engine/browser/sandbox.js";
import { type BrowserRunOptions, runScriptCheck } from "../../src/engine/browser/run.js";
import { scriptSandbox } from "../../src/sandbox/index.js";
import { HOSTILE_SCRIPT } from "../support/hostile-script.js";

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
  process.env.VIGIL_TEST_CANARY = CANARY;
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
  delete process.env.VIGIL_TEST_CANARY;
  service.close();
  allowed.close();
  await rm(dataDir, { recursive: true, force: true });
  await otherRun.cleanup();
});

const options: BrowserRunOptions = {
  chromiumPath: "/usr/bin/chromium",
  sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: true, privateTargetsAllow: ["127.0.0.2/32"] }),
  slots: new Semaphore(1),
};

function run(script: string, variables: Record<string, string>): Promise<RunOutcome> {
  return runScriptCheck(
    {
      kind: "BROWSER",
      scripted: { script, setupScripts: [], tearDownScripts: [], frequency: 10 },
      variables: Object.entries(variables).map(([key, value]) => ({ key, value })),
      degradedResponseTime: null,
      maxResponseTime: null,
      shouldFail: false,
    },
    options,
  );
}

const result = (outcome: RunOutcome) =>
  outcome.browserCheckResult as unknown as { errors: string[]; jobLog: { msg: string }[] };

describe("a hostile BROWSER script in the sandbox", () => {
  it("finds no secret, no file and no process of the service's, and no way to its 127.0.0.1; 127.0.0.2 (allowed) loads", async () => {
    const outcome = await run(HOSTILE_SCRIPT, {
      SERVICE: `http://127.0.0.1:${servicePort}`,
      ALLOWED: `http://127.0.0.2:${allowedPort}`,
      DB: join(dataDir, "vigil.db"),
      OTHER_RUN: otherRun.dir,
    });
    const log = result(outcome)
      .jobLog.map((l) => l.msg)
      .join("\n");
    const seen = JSON.parse(/SEEN=(.*)/.exec(log)![1]!) as Record<string, any>;
    expect(log).not.toContain(CANARY);
    expect(seen.environHits).toEqual([]);
    // Only the run's own processes: bwrap's init, node (Playwright Test and its worker), Chromium.
    expect(seen.commands[0]).toBe("/usr/bin/bwrap");
    for (const command of seen.commands) expect(command).toMatch(/^\/usr\/(bin\/bwrap|bin\/node|lib\/chromium\/)/);
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
    expect(result(outcome).errors.join("\n")).toMatch(/refused: 127\.0\.0\.1 .*BLOCK_PRIVATE_TARGETS/);
    await outcome.release?.();
  });
});
