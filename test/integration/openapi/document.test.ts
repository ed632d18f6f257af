import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { buildApp, type App } from "../../../src/server.js";
import { CUSTOM_DOMAIN_PATHS } from "../../../src/web/status-pages/routes.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";

/** Routes that are not REST operations of the API, so not in the document. */
const notOperations = new Set([
  "/-/readiness",
  "/-/liveness",
  "/health",
  "/metrics",
  "/graphql",
  "/openapi.json",
  "/docs",
]);
/** Pages a visitor opens in a browser (src/web): status pages under /status and on their custom domains, the operator app's files. */
const isWebPage = (path: string) =>
  path.startsWith("/status/") || path === "/access" || path === "/assets/*" || CUSTOM_DOMAIN_PATHS.includes(path);

describe(`OpenAPI document on ${testProvider}`, () => {
  let app: App;
  let url: string;
  const registered: string[] = [];
  beforeAll(async () => {
    app = await buildApp(loadConfig({ PORT: "0", LOG_LEVEL: "silent", DATABASE_URL: await migratedDatabaseUrl() }), {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat())
          if (method !== "HEAD" && method !== "OPTIONS") registered.push(`${method} ${route.url}`);
      },
    });
    ({ url } = await app.start());
  });
  afterAll(() => app.stop());

  it("documents every route the server registers, and nothing else", async () => {
    const document = await (await fetch(`${url}/openapi.json`)).json();
    expect(document.openapi).toBe("3.1.0");
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    const operations = registered.filter((r) => !notOperations.has(r.split(" ")[1]!) && !isWebPage(r.split(" ")[1]!));
    expect(operations.length).toBeGreaterThan(0);
    expect([...new Set(operations)].sort()).toEqual([...new Set(documented)].sort());
  });

  it("documents request bodies from the domain's zod schemas", async () => {
    const document = await (await fetch(`${url}/openapi.json`)).json();
    const create = document.paths["/v1/maintenance-windows"].post;
    const schema = create.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(expect.arrayContaining(["name", "startsAt", "endsAt", "repeatUnit"]));
    expect(schema.properties.name.maxLength).toBe(200);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401"]));
  });

  it("serves a readable docs page", async () => {
    const response = await fetch(`${url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain("/v1/maintenance-windows/{id}");
    expect(html).toContain("Create a maintenance window");
  });
});
