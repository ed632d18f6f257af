import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { restClient } from "../../support/rest.js";

// What an authenticated request writes: nothing. A key's lastUsedAt is written by the key watch,
// one statement for every key used since its last tick, at most once a minute per key.
describe(`API key usage writes on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { keyWatchMs: 300, onQuery: (sql) => statements.push(sql) });
  const keyWrites = () => statements.filter((sql) => /^\s*UPDATE\s+\S*ApiKey/i.test(sql)).length;

  it("writes nothing per request: lastUsedAt once per key and minute, by the watch", async () => {
    const keys = [(await t.newAccount("One")).apiKey, (await t.newAccount("Two")).apiKey];
    // Past the keys' first lookups (cached for 10 s) and any tick already under way.
    for (const key of keys) expect((await restClient(t.url, key).get("/v1/checks")).status).toBe(200);
    await eventually(() => keyWrites() > 0);
    await new Promise((r) => setTimeout(r, 400));
    const before = { writes: keyWrites(), statements: statements.length };
    for (let i = 0; i < 20; i++) for (const key of keys) await restClient(t.url, key).get("/v1/api-keys");
    const requests = statements.slice(before.statements).filter((sql) => !/ApiKey/.test(sql));
    // Each request reads its keys' list (one statement); none writes.
    expect(requests.filter((sql) => /^\s*(UPDATE|INSERT|DELETE)/i.test(sql))).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_000));
    // Used again within the minute: not written again.
    expect(keyWrites()).toBe(before.writes);
  });
});
