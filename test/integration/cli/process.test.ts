import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { readMigrations } from "../../../src/db/migrate.js";
import { providerOf } from "../../../src/db/provider.js";
import { freePort } from "../../support/postgres-server.js";
import { emptyDatabaseUrl, testProvider } from "../../support/database.js";
import { runVigil, serveVigil } from "../../support/process.js";

describe(`vigil serve as a process on ${testProvider}`, () => {
  it("migrates an empty database, bootstraps, and on SIGTERM drains: readiness 503, the in-flight request finishes, exit 0", async () => {
    const accountId = randomUUID();
    const apiKey = `vg_process_${randomUUID()}`;
    const served = await serveVigil(
      { DATABASE_URL: await emptyDatabaseUrl(), VIGIL_ACCOUNT_ID: accountId, VIGIL_API_KEY: apiKey },
      await freePort(),
    );

    // An in-flight request: headers and half of the body sent, the rest held back until after SIGTERM.
    const body = JSON.stringify({ query: "{ viewer { account { id } } }" });
    const half = Math.floor(body.length / 2);
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${served.url}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${apiKey}`,
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.write(body.slice(0, half));
      setTimeout(() => {
        served.child.kill("SIGTERM");
        setTimeout(async () => {
          try {
            const readiness = await fetch(`${served.url}/-/readiness`);
            readinessAfterSigterm = readiness.status;
            const other = await fetch(`${served.url}/v1/checks`, { headers: { authorization: `Bearer ${apiKey}` } });
            otherAfterSigterm = other.status;
          } finally {
            req.end(body.slice(half));
          }
        }, 300);
      }, 100);
    });
    let readinessAfterSigterm = 0;
    let otherAfterSigterm = 0;

    const finished = await response;
    expect(readinessAfterSigterm).toBe(503);
    expect(otherAfterSigterm).toBe(503);
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.text)).toEqual({ data: { viewer: { account: { id: accountId } } } });
    expect(await served.exited).toBe(0);
  });

  it.each([
    [{ PORT: "not-a-port" }, /PORT must be an integer/],
    [{ DATABASE_URL: "mysql://localhost/vigil" }, /DATABASE_URL must be a SQLite file URL/],
    [
      { DATABASE_URL: "postgresql://vigil@127.0.0.1:1/vigil" },
      /cannot open the database at DATABASE_URL=postgresql:\/\/vigil@127\.0\.0\.1:1\/vigil/,
    ],
    [{ VIGIL_ACCOUNT_ID: "acme" }, /VIGIL_API_KEY must be set together/],
  ])("refuses to start with %o and says why", async (env, message) => {
    const { code, stdout, stderr } = await runVigil(["serve"], { DATABASE_URL: await emptyDatabaseUrl(), ...env });
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split("\n")[0]).toMatch(/^vigil: /);
    expect(stdout).toBe("");
  });
});

describe(`the vigil CLI on ${testProvider}`, () => {
  it("migrates, creates accounts and keys, one JSON line each, also while a server holds the database", async () => {
    const DATABASE_URL = await emptyDatabaseUrl();
    const migrated = await runVigil(["migrate"], { DATABASE_URL });
    expect(migrated.code).toBe(0);
    expect(JSON.parse(migrated.stdout)).toEqual({
      applied: readMigrations(providerOf(DATABASE_URL)).map((m) => m.name),
      alreadyApplied: 0,
      modified: [],
    });

    const served = await serveVigil({ DATABASE_URL }, await freePort());
    try {
      const created = await runVigil(["accounts", "create", "--name", "Acme"], { DATABASE_URL });
      expect(created.code).toBe(0);
      expect(created.stdout.trim().split("\n")).toHaveLength(1);
      const account = JSON.parse(created.stdout) as { accountId: string; apiKey: string };
      expect(account).toEqual({
        accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        apiKey: expect.stringMatching(/^vg_/),
      });

      const key = await runVigil(["keys", "create", "--account", account.accountId], { DATABASE_URL });
      expect(key.code).toBe(0);
      const { apiKey } = JSON.parse(key.stdout) as { apiKey: string };
      expect(Object.keys(JSON.parse(key.stdout))).toEqual(["apiKey"]);

      // Both keys work against the running server at once.
      for (const k of [account.apiKey, apiKey]) {
        const response = await fetch(`${served.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${k}` },
          body: JSON.stringify({ query: "{ viewer { account { id name } } }" }),
        });
        expect(await response.json()).toEqual({
          data: { viewer: { account: { id: account.accountId, name: "Acme" } } },
        });
      }

      const unknown = await runVigil(["keys", "create", "--account", randomUUID()], { DATABASE_URL });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/account .* not found/);
      const usage = await runVigil(["accounts", "create"], { DATABASE_URL });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/--name/);
    } finally {
      served.child.kill("SIGTERM");
      expect(await served.exited).toBe(0);
    }
  });
});
