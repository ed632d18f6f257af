// Log levels of REST answers, from the lines the server writes: a client's mistake (any 4xx) never
// logs at error level (pino 50 and above), a real internal error (5xx) does.
import { randomBytes, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { createAccount } from "../../../src/domain/accounts/create.js";
import { createApiKey } from "../../../src/domain/api-keys/create.js";
import { buildApp, type App } from "../../../src/server.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";

type LogLine = { level: number; msg: string; statusCode?: number; url?: string };

const ERROR = 50;

describe(`REST log levels on ${testProvider}`, () => {
  const lines: LogLine[] = [];
  let app: App;
  let url: string;
  let headers: Record<string, string>;
  let limitedKey: string;

  beforeAll(async () => {
    // Every line the server writes, parsed, at every level.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const accountId = randomUUID();
    const apiKey = `vg_test_${randomBytes(16).toString("hex")}`;
    const config = loadConfig({
      PORT: "0",
      LOG_LEVEL: "trace",
      RATE_LIMIT_PER_MINUTE: "100",
      ENGINE_ENABLED: "false",
      VIGIL_ACCOUNT_ID: accountId,
      VIGIL_API_KEY: apiKey,
      DATABASE_URL: await migratedDatabaseUrl(),
    });
    app = await buildApp(config, { logger: pino({ level: "trace" }, sink) });
    ({ url } = await app.start());
    headers = { authorization: `Bearer ${apiKey}` };
    const db = app.context.database.prisma;
    const other = await createAccount({ db, input: { name: "Rate-limited" } });
    limitedKey = (await createApiKey({ db, input: { accountId: other.id } })).apiKey;
  });
  afterAll(() => app.stop());

  /** Sends a request and returns its status with the lines written while it was answered. */
  async function answer(path: string, init: RequestInit = {}) {
    const from = lines.length;
    const response = await fetch(`${url}${path}`, init);
    await response.arrayBuffer();
    // The request line is written when the response ends; wait until it is in.
    for (let i = 0; i < 100 && !lines.slice(from).some((line) => line.msg === "request"); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    return { status: response.status, logged: lines.slice(from) };
  }

  const json = () => ({ ...headers, "content-type": "application/json" });

  it("logs no client mistake at error level", async () => {
    const mistakes: [expected: number, path: string, init?: RequestInit][] = [
      [401, "/v1/checks"],
      [401, "/v1/checks", { headers: { authorization: "Bearer vg_not_a_key" } }],
      [403, "/v1/checks", { headers: { ...headers, "x-service-account": randomUUID() } }],
      [404, "/v1/no-such-resource", { headers }],
      [404, `/v1/checks/${randomUUID()}`, { headers }],
      [404, "/v1/maintenance-windows/abc", { headers }],
      [400, "/v1/checks?foo=bar", { headers }],
      [400, "/v1/checks?limit=0", { headers }],
      [400, "/v1/maintenance-windows", { method: "POST", headers: json(), body: "{}" }],
      [400, "/v1/maintenance-windows", { method: "POST", headers: json(), body: "{" }],
      [
        415,
        "/v1/maintenance-windows",
        { method: "POST", headers: { ...headers, "content-type": "text/plain" }, body: "x" },
      ],
      [413, "/v1/status-pages/services", { method: "POST", headers: json(), body: `"${"x".repeat(1_100_000)}"` }],
      [404, "/ping/not-a-token"],
    ];
    for (const [expected, path, init] of mistakes) {
      const { status, logged } = await answer(path, init);
      expect(status, path).toBe(expected);
      expect(
        logged.filter((line) => line.level >= ERROR),
        `${expected} ${path}`,
      ).toEqual([]);
      expect(logged.find((line) => line.msg === "request")?.statusCode, path).toBe(expected);
    }
  });

  it("logs a 429 below error level", async () => {
    let last = { status: 0, logged: [] as LogLine[] };
    for (let i = 0; i < 150 && last.status !== 429; i++)
      last = await answer("/v1/status-pages/services", { headers: { authorization: `Bearer ${limitedKey}` } });
    expect(last.status).toBe(429);
    expect(last.logged.filter((line) => line.level >= ERROR)).toEqual([]);
  });

  it("logs a real internal error at error level", async () => {
    // A table the operation reads is gone: a server fault, not the client's.
    // (The tables that reference it first: notices, occurrences and their updates.)
    await app.context.database.prisma.$executeRawUnsafe('DROP TABLE "MaintenanceNotice"');
    await app.context.database.prisma.$executeRawUnsafe('DROP TABLE "MaintenanceUpdate"');
    await app.context.database.prisma.$executeRawUnsafe('DROP TABLE "Maintenance"');
    await app.context.database.prisma.$executeRawUnsafe('DROP TABLE "MaintenanceWindow"');
    const { status, logged } = await answer("/v1/maintenance-windows", { headers });
    expect(status).toBe(500);
    expect(logged.filter((line) => line.level >= ERROR).map((line) => line.msg)).toEqual(["internal error"]);
  });
});
