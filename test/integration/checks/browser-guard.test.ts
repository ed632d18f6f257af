// The service's engine, as configured (BLOCK_PRIVATE_TARGETS=true, PRIVATE_TARGETS_ALLOW of the
// test's 127.0.0.2 only), running BROWSER checks in the sandbox: the page on 127.0.0.2 loads
// through the proxy, the one on 127.0.0.1 is refused before any connection, and says so.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Engine, startEngine } from "../../../src/engine/engine.js";
import { eventually } from "../../support/agent.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

vi.setConfig({ testTimeout: 180_000 });

const script = (url: string) => `import { test, expect } from "@playwright/test";
test("page", async ({ page }) => {
  await page.goto("${url}/");
  await expect(page.locator("h1")).toHaveText("Hello Vigil");
});`;

describe(`BROWSER checks under BLOCK_PRIVATE_TARGETS with PRIVATE_TARGETS_ALLOW on ${testProvider}`, () => {
  const t = useTestApp({ BLOCK_PRIVATE_TARGETS: "true", PRIVATE_TARGETS_ALLOW: "127.0.0.2/32" });
  const hits: string[] = [];
  const servers: Server[] = [];
  const bases: Record<string, string> = {};
  let engine: Engine | undefined;
  beforeAll(async () => {
    for (const address of ["127.0.0.1", "127.0.0.2"]) {
      const server = createServer((request, response) => {
        hits.push(`${address}${request.url}`);
        response.setHeader("content-type", "text/html").end("<html><body><h1>Hello Vigil</h1></body></html>");
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, address, resolve));
      bases[address] = `http://${address}:${(server.address() as AddressInfo).port}`;
    }
  });
  afterAll(async () => {
    await engine?.stop(5_000);
    for (const server of servers) server.close();
  });

  it("loads the allowed address's page and refuses 127.0.0.1's, with the reason in the result", async () => {
    const ids: Record<string, string> = {};
    for (const address of ["127.0.0.2", "127.0.0.1"]) {
      const created = await t.api.post("/v1/checks/browser", {
        name: `page on ${address}`,
        locations: ["eu-west-1"],
        script: script(bases[address]!),
      });
      expect(created.status).toBe(201);
      ids[address] = created.body.id;
    }
    engine = startEngine(t.app.context, { concurrency: 2, leaseMs: 60_000, maxIdleMs: 50 });
    expect((await t.api.post("/v1/check-sessions/trigger", { target: { checkId: Object.values(ids) } })).status).toBe(
      201,
    );
    const finals = await eventually(
      async () => {
        const rows = await t.db.checkResult.findMany({
          where: { checkId: { in: Object.values(ids) }, resultType: "FINAL" },
        });
        return rows.length === 2 ? rows : null;
      },
      150_000,
      "both results",
    );
    const of = (address: string) => finals.find((row) => row.checkId === ids[address])!;
    expect(of("127.0.0.2")).toMatchObject({ hasFailures: false, hasErrors: false });
    expect(of("127.0.0.1")).toMatchObject({ hasFailures: true, hasErrors: false });
    expect((of("127.0.0.1").browserCheckResult as { errors: string[] }).errors).toContainEqual(
      expect.stringMatching(/^refused: 127\.0\.0\.1 is or resolves to a private.*\(BLOCK_PRIVATE_TARGETS\)/),
    );
    expect(hits.filter((hit) => hit.startsWith("127.0.0.1"))).toEqual([]);
    expect(hits).toContain("127.0.0.2/");
  });
});
