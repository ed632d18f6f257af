import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../../src/domain/shared/limits.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient, type RestClient } from "../../support/rest.js";

type Schema = Record<string, any>;
const apiCheck = (request: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  name: "limits",
  request: { method: "POST", url: "https://limits.example.com", ...request },
  ...extra,
});

/** Every string and list a client writes has an upper bound (docs/limits.md), documented and enforced. */
describe(`free-text bounds on ${testProvider}`, () => {
  const t = useTestApp();
  let client: RestClient;
  let accountId: string;

  beforeAll(async () => {
    const account = await t.newAccount();
    accountId = account.accountId;
    client = restClient(t.url, account.apiKey);
  });

  it("refuses the issue's 900 KB request body with a 400 naming the field, and stores nothing", async () => {
    const response = await client.post("/v1/checks/api", apiCheck({ body: "z".repeat(900 * 1024) }));
    expect(response.status).toBe(400);
    expect(response.body.validation).toEqual({ source: "payload", keys: ["request.body"] });
    expect(await t.db.check.count({ where: { accountId } })).toBe(0);
    const atTheBound = await client.post("/v1/checks/api", apiCheck({ body: "z".repeat(LIMITS.requestBody) }));
    expect(atTheBound.status).toBe(201);
  });

  it.each([
    [
      "/v1/checks/api",
      apiCheck({ headers: Array.from({ length: 101 }, (_, i) => ({ key: `h${i}`, value: "v" })) }),
      "request.headers",
    ],
    [
      "/v1/checks/api",
      apiCheck({
        assertions: Array.from({ length: 101 }, () => ({ source: "STATUS_CODE", comparison: "EQUALS", target: "200" })),
      }),
      "request.assertions",
    ],
    ["/v1/checks/browser", { name: "long", script: "x".repeat(LIMITS.script + 1) }, "script"],
    [
      "/v1/checks/browser",
      { name: "long", script: "x", localSetupScript: "x".repeat(LIMITS.script + 1) },
      "localSetupScript",
    ],
    [
      "/v1/checks/api",
      apiCheck(
        {},
        {
          triggerIncident: {
            serviceId: "s",
            severity: "MAJOR",
            name: "n",
            description: "d".repeat(LIMITS.description + 1),
            notifySubscribers: false,
          },
        },
      ),
      "triggerIncident.description",
    ],
    ["/v1/checks/api", apiCheck({}, { name: "n".repeat(256) }), "name"],
    ["/v1/checks/api", apiCheck({ url: `https://example.com/${"u".repeat(LIMITS.url)}` }), "request.url"],
    ["/v1/checks/api", apiCheck({}, { tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }), "tags"],
  ])("POST %s (case %#) answers 400 naming the field", async (path, body, key) => {
    const response = await client.post(path, body);
    expect(response.status).toBe(400);
    expect(response.body.validation.keys).toContain(key);
  });

  it("documents a maxLength on every free-text string and a maxItems on every list of every request body", async () => {
    const document = await (await fetch(`${t.url}/openapi.json`)).json();
    const unbounded: string[] = [];
    const walk = (schema: Schema | undefined, at: string) => {
      if (!schema || typeof schema !== "object") return;
      for (const part of ["anyOf", "oneOf", "allOf"]) (schema[part] ?? []).forEach((s: Schema) => walk(s, at));
      const types = [schema.type].flat();
      // A string is bounded by maxLength, or by an enum, a constant, a format or a pattern of its own.
      if (
        types.includes("string") &&
        !("maxLength" in schema || "enum" in schema || "const" in schema || "format" in schema || "pattern" in schema)
      )
        unbounded.push(at);
      if (types.includes("array") && !("maxItems" in schema)) unbounded.push(`${at}[]`);
      for (const [name, property] of Object.entries<Schema>(schema.properties ?? {})) walk(property, `${at}.${name}`);
      if (schema.items) walk(schema.items, `${at}.items`);
      if (schema.additionalProperties && typeof schema.additionalProperties === "object")
        walk(schema.additionalProperties, `${at}.*`);
    };
    // The agent API's result reports are the runners' output, bounded by the body cap (docs/limits.md).
    const clientPaths = Object.entries<Record<string, Schema>>(document.paths).filter(
      ([path]) => !path.startsWith("/agent/"),
    );
    for (const [path, operations] of clientPaths)
      for (const [method, operation] of Object.entries(operations))
        walk(operation.requestBody?.content["application/json"]?.schema, `${method} ${path}`);
    expect(unbounded).toEqual([]);
    const api = document.paths["/v1/checks/api"].post.requestBody.content["application/json"].schema;
    expect(api.properties.request.properties.body.maxLength).toBe(LIMITS.requestBody);
    expect(api.properties.request.properties.headers.maxItems).toBe(LIMITS.items);
  });
});
