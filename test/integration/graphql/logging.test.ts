import { randomBytes, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { buildApp } from "../../../src/server.js";
import { bearer, graphql } from "../../support/app.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";

type Line = { level: number; msg: string; err?: { message?: string } };

/** The service with a real pino logger whose lines this test reads back. */
describe(`GraphQL error logging on ${testProvider}`, () => {
  const lines: Line[] = [];
  const accountId = randomUUID();
  const apiKey = `vg_test_${randomBytes(16).toString("hex")}`;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  const logged = async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return lines.filter((line) => line.msg !== "request");
  };

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line) as Line);
        done();
      },
    });
    const config = loadConfig({
      PORT: "0",
      LOG_LEVEL: "debug",
      RATE_LIMIT_PER_MINUTE: "0",
      ENGINE_ENABLED: "false",
      VIGIL_ACCOUNT_ID: accountId,
      VIGIL_API_KEY: apiKey,
      DATABASE_URL: await migratedDatabaseUrl(),
    });
    app = await buildApp(config, { logger: pino({ level: "debug" }, sink) });
    ({ url } = await app.start());
  });
  beforeEach(() => void (lines.length = 0));
  afterAll(() => app.stop());

  const mistakes: [string, string, Record<string, unknown>?, boolean?][] = [
    ["a syntax error", "{ viewer {"],
    ["an unknown field", "{ viewer { nope } }"],
    ["a variable of the wrong type", "query ($n: Int) { checks(first: $n) { edges { cursor } } }", { n: "x" }],
    ["an id that is no id", '{ node(id: "zzz") { id } }'],
    [
      "a global id of the wrong type",
      "mutation ($id: ID!) { deleteMaintenanceWindow(id: $id) { __typename } }",
      { id: Buffer.from("Check:00000000-0000-0000-0000-000000000000").toString("base64") },
    ],
    ["a field that needs a key, asked without one", "{ viewer { account { id } } }", undefined, false],
    ["a domain error (a page size out of bounds)", "{ checks(first: -5) { edges { cursor } } }"],
  ];
  for (const [what, query, variables, withKey = true] of mistakes) {
    it(`logs ${what} below error level`, async () => {
      const answer = await graphql(url, query, withKey ? bearer(apiKey) : {}, variables);
      expect(answer.body.errors?.length).toBeGreaterThan(0);
      const found = await logged();
      expect(found.filter((line) => line.level >= 50)).toEqual([]);
      // What yoga masks is still logged, at info, as Fastify logs a 4xx.
      if (/id|domain/.test(what))
        expect(found).toContainEqual(expect.objectContaining({ level: 30, msg: "graphql client error" }));
    });
  }

  it("logs a real internal error at error level, with its cause", async () => {
    await app.context.database.prisma.$executeRawUnsafe(`ALTER TABLE "Account" RENAME TO "AccountGone"`);
    try {
      const answer = await graphql(url, "{ viewer { account { id name } } }", bearer(apiKey));
      expect(answer.body.errors?.[0]?.extensions?.code).toBe("INTERNAL_SERVER_ERROR");
      const errors = (await logged()).filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ level: 50, msg: "graphql internal error" });
      expect(errors[0]!.err?.message).toMatch(/AccountGone|Account/);
    } finally {
      await app.context.database.prisma.$executeRawUnsafe(`ALTER TABLE "AccountGone" RENAME TO "Account"`);
    }
  });
});
