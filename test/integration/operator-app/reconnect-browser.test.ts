// The operator app after a lost connection, in Debian's Chromium against a real `vigil serve` on
// SQLite: the service stops under an open overview, the app says the connection is lost, a check
// is created meanwhile (through a second process on the same database, as another instance would),
// and once the service is back the app reconnects on its own and re-reads what it missed, without a
// reload. The jsdom test (app/test/live.test.tsx) covers the state machine; this covers the wiring.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { completeSetup, expectNotReloaded, markPage } from "../../support/operator-app.js";
import { freePort } from "../../support/postgres-server.js";
import { type Served, serveVigil } from "../../support/process.js";

describe("the operator app: a lost connection", () => {
  const browsers = useBrowser();
  const dir = mkdtempSync(join(tmpdir(), "vigil-reconnect-"));
  const env = {
    DATABASE_URL: `file:${join(dir, "vigil.db")}`,
    ARTIFACTS_DIR: join(dir, "artifacts"),
    LOG_LEVEL: "info",
  };
  const running: Served[] = [];
  const stop = async (served: Served) => {
    served.child.kill("SIGTERM");
    await served.exited;
    running.splice(running.indexOf(served), 1);
  };
  afterAll(async () => {
    for (const served of [...running]) await stop(served);
    rmSync(dir, { recursive: true, force: true });
  });

  it("says so, reconnects by itself and re-reads what it missed", { timeout: 180_000 }, async () => {
    const port = await freePort();
    const first = await serveVigil(env, port);
    running.push(first);
    // The setup link is logged once start-up is done, which may be just after readiness answers.
    const setupLine = async () => {
      for (let i = 0; i < 100; i++) {
        const line = first
          .output()
          .split("\n")
          .find((text) => text.includes('"setupUrl"'));
        if (line) return line;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no setup link in the log:\n${first.output()}`);
    };
    const context = await browsers.newContext();
    const page = await context.newPage();
    const key = await completeSetup(page, JSON.parse(await setupLine()).setupUrl as string);
    await expect.poll(() => page.getByTestId("count-paused").textContent()).toBe("0");
    await markPage(page);

    await stop(first);
    await page.getByText("Connection lost: reconnecting").waitFor({ timeout: 30_000 });

    // Another process on the same database writes while this one is down.
    const other = await serveVigil(env, await freePort());
    running.push(other);
    const created = await fetch(`${other.url}/v1/checks/tcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "written while the app was cut off",
        activated: false,
        locations: ["eu-west-1"],
        frequency: 60,
        request: { hostname: "127.0.0.1", port: 9 },
      }),
    });
    expect(created.status).toBe(201);
    await stop(other);

    running.push(await serveVigil(env, port));
    // graphql-ws retries with a growing wait; the banner goes once it is back, and the screen is
    // read again: the paused count includes the check written while the app was cut off.
    await page.getByText("Connection lost: reconnecting").waitFor({ state: "detached", timeout: 60_000 });
    await expect.poll(() => page.getByTestId("count-paused").textContent(), { timeout: 15_000 }).toBe("1");
    await expectNotReloaded(page);
  });
});
