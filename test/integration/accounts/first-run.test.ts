// The first run: on a database without accounts, `vigil serve` logs one setup link; its token
// (single use, 24 h, stored hashed, replaced at each start) creates the first account and its
// API key, shown once, and signs in. With the bootstrap variables an account exists: no link.
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { hashKey } from "../../../src/domain/api-keys/keys.js";
import { buildApp, type App } from "../../../src/server.js";
import { graphql } from "../../support/app.js";
import { emptyDatabaseUrl, migratedDatabaseUrl, testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { freePort } from "../../support/postgres-server.js";
import { serveVigil } from "../../support/process.js";
import { cookieGql, SESSION, sessionPair } from "../../support/sessions.js";

const SETUP = `mutation ($token: String!, $name: String) { completeSetup(token: $token, accountName: $name) {
  __typename
  ... on CompleteSetupSuccess { apiKey session { account { id name } } }
  ... on ValidationError { message fieldPaths } } }`;

/** `vigil serve` as buildApp runs it, with its log lines kept. */
async function serve(databaseUrl: string, env: Record<string, string> = {}) {
  const lines: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({ PORT: "0", DATABASE_URL: databaseUrl, ENGINE_ENABLED: "false", ...env });
  const app = await buildApp(config, { logger: pino({ level: "info" }, sink), keyWatchMs: null });
  const { url } = await app.start();
  return { app, url, lines };
}

const setupLinks = (lines: Record<string, any>[]) => lines.filter((line) => "setupUrl" in line);
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe(`first run on ${testProvider}`, () => {
  const apps: App[] = [];
  afterAll(async () => {
    for (const app of apps) await app.stop();
  });

  it("logs one setup link; its token is single use, creates the account and key, and signs in", async () => {
    const databaseUrl = await migratedDatabaseUrl();
    const first = await serve(databaseUrl);
    apps.push(first.app);
    const ready = first.lines.find((line) => line.msg === "vigil is ready");
    expect(ready?.app).toBe(`${first.url}/`);
    const links = setupLinks(first.lines);
    expect(links).toHaveLength(1);
    expect(links[0]!.setupUrl).toMatch(new RegExp(`^${first.url}/setup\\?token=[A-Za-z0-9_-]{43}$`));
    const oldToken = tokenOf(links[0]!.setupUrl);
    await first.app.stop();

    // A restart makes a new link; the old one no longer works.
    const second = await serve(databaseUrl);
    apps.push(second.app);
    const token = tokenOf(setupLinks(second.lines)[0]!.setupUrl);
    expect(token).not.toBe(oldToken);
    const db = second.app.context.database.prisma;
    expect(await db.setupToken.count({ where: { tokenHash: hashKey(token) } })).toBe(1);
    expect((await graphql(second.url, "{ setupRequired }")).body.data).toEqual({ setupRequired: true });

    const stale = await cookieGql(second.url, SETUP, { variables: { token: oldToken } });
    expect(stale.body.data.completeSetup).toMatchObject({ __typename: "ValidationError", fieldPaths: ["token"] });
    expect(stale.cookies).toEqual([]);

    const done = await cookieGql(second.url, SETUP, { variables: { token, name: "Acme" } });
    const result = done.body.data.completeSetup;
    expect(result.__typename).toBe("CompleteSetupSuccess");
    expect(result.apiKey).toMatch(/^vg_/);
    expect(result.session.account.name).toBe("Acme");
    const cookie = sessionPair(done);
    expect((await cookieGql(second.url, SESSION, { cookie })).body.data.session.account.name).toBe("Acme");
    const viewer = await graphql(second.url, "{ viewer { account { id } } }", {
      authorization: `Bearer ${result.apiKey}`,
    });
    expect(viewer.body.data.viewer.account.id).toBe(result.session.account.id);
    expect((await graphql(second.url, "{ setupRequired }")).body.data).toEqual({ setupRequired: false });

    const again = await cookieGql(second.url, SETUP, { variables: { token } });
    expect(again.body.data.completeSetup.__typename).toBe("ValidationError");
    expect(await db.account.count()).toBe(1);
    await second.app.stop();

    // Accounts exist: the next start logs no link, and still names the app.
    const third = await serve(databaseUrl);
    apps.push(third.app);
    expect(setupLinks(third.lines)).toEqual([]);
    expect(third.lines.find((line) => line.msg === "vigil is ready")?.app).toBe(`${third.url}/`);
  });

  it("refuses an expired token", async () => {
    const started = await serve(await migratedDatabaseUrl(), { PUBLIC_URL: "https://vigil.example.com" });
    apps.push(started.app);
    const link = setupLinks(started.lines)[0]!.setupUrl as string;
    expect(link.startsWith("https://vigil.example.com/setup?token=")).toBe(true);
    const db = started.app.context.database.prisma;
    await db.setupToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await cookieGql(started.url, SETUP, {
      variables: { token: tokenOf(link) },
      headers: { origin: "https://vigil.example.com" },
    });
    expect(expired.body.data.completeSetup.__typename).toBe("ValidationError");
    expect(await db.account.count()).toBe(0);
  });

  it("logs no setup link when the bootstrap variables made an account", async () => {
    const started = await serve(await migratedDatabaseUrl(), {
      VIGIL_ACCOUNT_ID: "first-run-bootstrap",
      VIGIL_API_KEY: "vg_first_run_bootstrap_key_0123456789",
    });
    apps.push(started.app);
    expect(setupLinks(started.lines)).toEqual([]);
    expect((await graphql(started.url, "{ setupRequired }")).body.data).toEqual({ setupRequired: false });
  });

  it("`vigil serve` on an empty database prints the app's URL and one setup link", async () => {
    const served = await serveVigil({ DATABASE_URL: await emptyDatabaseUrl(), LOG_LEVEL: "info" }, await freePort());
    try {
      const parsed = () =>
        served
          .output()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as Record<string, any>);
      // The link is logged just after the server starts answering.
      const lines = await eventually(() => setupLinks(parsed()).length > 0 && parsed());
      expect(lines.find((line) => line.msg === "vigil is ready")?.app).toBe(`${served.url}/`);
      const links = setupLinks(lines);
      expect(links).toHaveLength(1);
      expect(links[0]!.setupUrl).toMatch(new RegExp(`^${served.url}/setup\\?token=[A-Za-z0-9_-]{43}$`));
    } finally {
      served.child.kill("SIGTERM");
      await served.exited;
    }
  });
});
