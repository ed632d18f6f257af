// HTTPS from the sandbox: Chromium reaches TLS sites only through the proxy's CONNECT, judged by
// the address rule like plain HTTP (guard on, 127.0.0.2/32 allowed, 127.0.0.1 refused). The
// certificate is a throw-away self-signed one (openssl); the script ignores HTTPS errors.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runScriptCheck } from "../../../src/engine/browser/run.js";
import { FairSlots } from "../../../src/platform/fair-slots.js";
import { scriptSandbox } from "../../../src/sandbox/index.js";

vi.setConfig({ testTimeout: 120_000 });

const hits: string[] = [];
const servers: Server[] = [];
let dir = "";
let allowed = "";
let refused = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "vigil-tls-"));
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=vigil-test"],
      ...["-keyout", key, "-out", cert],
    ],
    { stdio: "ignore" },
  );
  const tls = { key: await readFile(key), cert: await readFile(cert) };
  for (const address of ["127.0.0.2", "127.0.0.1"]) {
    const server = createServer(tls, (request, response) => {
      hits.push(`${address}${request.url}`);
      response.setHeader("content-type", "text/html");
      response.end(`<html><body><h1>TLS page on ${address}</h1></body></html>`);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    const url = `https://${address}:${(server.address() as AddressInfo).port}`;
    if (address === "127.0.0.2") allowed = url;
    else refused = url;
  }
});
afterAll(async () => {
  for (const server of servers) server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("HTTPS from a sandboxed script", () => {
  it("loads an allowed TLS page through the proxy's CONNECT and refuses one on 127.0.0.1 before connecting", async () => {
    const script = `import { test, expect } from "@playwright/test";
test.use({ ignoreHTTPSErrors: true });
test("tls", async ({ page }) => {
  await page.goto("${allowed}/");
  await expect(page.locator("h1")).toHaveText("TLS page on 127.0.0.2");
  const error = await page.goto("${refused}/").then(() => "loaded", (e) => e.message.split("\\n")[0]);
  console.log("REFUSED=" + error);
});`;
    const outcome = await runScriptCheck(
      {
        kind: "BROWSER",
        scripted: { script, setupScripts: [], tearDownScripts: [], frequency: 10 },
        variables: [],
        degradedResponseTime: null,
        maxResponseTime: null,
        shouldFail: false,
      },
      {
        chromiumPath: "/usr/bin/chromium",
        sandbox: scriptSandbox({
          scriptSandbox: true,
          blockPrivateTargets: true,
          privateTargetsAllow: ["127.0.0.2/32"],
        }),
        slots: new FairSlots(1).for("account"),
      },
    );
    const result = outcome.browserCheckResult as unknown as { errors: string[]; jobLog: { msg: string }[] };
    const log = result.jobLog.map((l) => l.msg).join("\n");
    expect(log).toMatch(/REFUSED=page\.goto: net::ERR_TUNNEL_CONNECTION_FAILED/);
    expect(hits).toContain("127.0.0.2/");
    expect(hits.filter((hit) => hit.startsWith("127.0.0.1"))).toEqual([]);
    // The page passed its expect; the refusal fails the run, naming the address.
    expect(outcome.hasFailures).toBe(true);
    expect(result.errors).toEqual([
      expect.stringMatching(/^refused: 127\.0\.0\.1 .*\(BLOCK_PRIVATE_TARGETS\): 127\.0\.0\.1:\d+$/),
    ]);
    await outcome.release?.();
  });
});
