import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { runVigil } from "../../support/process.js";
import { restClient } from "../../support/rest.js";

describe(`vigil keys list and revoke on ${testProvider}`, () => {
  const t = useTestApp({}, { keyWatchMs: 1_000 });

  it("lists keys as a table (or one JSON line), and a key the CLI revokes is refused by the running server", async () => {
    const env = { DATABASE_URL: t.databaseUrl };
    const created = (await t.api.post<{ id: string; key: string; maskedKey: string }>("/v1/api-keys", {})).body;
    const second = restClient(t.url, created.key);
    expect((await second.get("/v1/api-keys")).status).toBe(200); // in the server's key cache from now on

    const table = await runVigil(["keys", "list", "--account", t.accountId], env);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+KEY\s+CREATED\s+LAST USED$/);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(new RegExp(`^${created.id}\\s+${created.maskedKey}\\s+\\d{4}-\\d\\d-\\d\\dT`));
    expect(table.stdout).not.toContain(created.key);
    const json = await runVigil(["keys", "list", "--account", t.accountId, "--json"], env);
    expect(JSON.parse(json.stdout)).toMatchObject([
      { maskedKey: `${t.apiKey.slice(0, 7)}…${t.apiKey.slice(-4)}` },
      { id: created.id },
    ]);

    const revoked = await runVigil(["keys", "revoke", "--account", t.accountId, "--key", created.id], env);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ revoked: created.id });
    // The server was not told (no shared bus): its revocation watch (every second) drops the cached
    // key. The limit stays below the cache's own 10 s lifetime, so only the watch can pass this.
    await eventually(async () => (await second.get("/v1/api-keys")).status === 401, 8_000);
    expect((await t.api.get("/v1/api-keys")).status).toBe(200);

    const [last] = (await t.api.get<{ id: string }[]>("/v1/api-keys")).body;
    const refused = await runVigil(["keys", "revoke", "--account", t.accountId, "--key", last!.id], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/last API key/);
    const unknown = await runVigil(["keys", "list", "--account", randomUUID()], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/account .* not found/);
    const usage = await runVigil(["keys", "revoke", "--account", t.accountId], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--key KEYID/);
  });
});
