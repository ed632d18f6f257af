// Server-side figures of the operator app benchmark: SQL statements per page of the app's own
// list query (its text from the Relay artifact the build generated), and the first route's
// JavaScript as the built index.html loads it, gzipped.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadConfig } from "../../src/config.js";
import { buildApp } from "../../src/server.js";

const root = new URL("../../app/", import.meta.url).pathname;

/** The query text of a generated Relay artifact (app/src/__generated__/NAME.graphql.ts). */
function artifactText(name: string): string {
  const source = readFileSync(`${root}src/__generated__/${name}.graphql.ts`, "utf8");
  const match = /"text": ("(?:[^"\\]|\\.)*")/.exec(source);
  if (!match?.[1]) throw new Error(`no query text in ${name}; run npm run build first`);
  return JSON.parse(match[1]) as string;
}

/** The statements `vigil serve` runs for one page of the checks list, for each page size. */
export async function statementsPerPage(databaseUrl: string, sizes: number[]) {
  const statements: string[] = [];
  const probe = await buildApp(loadConfig({ PORT: "0", LOG_LEVEL: "silent", DATABASE_URL: databaseUrl }), {
    keyWatchMs: null,
  });
  const accountId = (await probe.context.database.prisma.account.findFirstOrThrow({ where: { name: "bench app" } })).id;
  await probe.stop();
  const apiKey = `vg_${randomBytes(24).toString("hex")}`;
  const config = loadConfig({
    PORT: "0",
    LOG_LEVEL: "silent",
    DATABASE_URL: databaseUrl,
    ENGINE_ENABLED: "false",
    RATE_LIMIT_PER_MINUTE: "0",
    VIGIL_ACCOUNT_ID: accountId,
    VIGIL_API_KEY: apiKey,
  });
  const app = await buildApp(config, { keyWatchMs: null, onQuery: (sql) => statements.push(sql) });
  const { url } = await app.start();
  const query = artifactText("ChecksSectionAllPaginationQuery");
  const to = new Date();
  const variables = { from: new Date(to.getTime() - 86_400_000).toISOString(), to: to.toISOString() };
  const perPage: [number, number][] = [];
  try {
    for (const count of sizes) {
      const send = () =>
        fetch(`${url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({ query, variables: { ...variables, count } }),
        }).then((response) => response.json() as Promise<{ errors?: unknown }>);
      await send(); // the key's lookup is cached after this
      statements.length = 0;
      const body = await send();
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      perPage.push([count, statements.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(sql.trim())).length]);
    }
  } finally {
    await app.stop();
  }
  return { accountId, perPage };
}

/** The entry module and the modules it preloads, as dist/index.html names them, gzipped. */
export function firstRouteGzip(): number {
  const html = readFileSync(`${root}dist/index.html`, "utf8");
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return scripts.reduce((sum, path) => sum + gzipSync(readFileSync(`${root}dist${path}`)).length, 0);
}
