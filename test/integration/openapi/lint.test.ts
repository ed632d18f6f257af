// The served OpenAPI document as its consumers see it: Spectral's `spectral:oas` ruleset finds
// nothing, and parameters carry the types generated clients need (numbers and booleans, not strings).
import { type RulesetDefinition, Spectral } from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { buildApp, type App } from "../../../src/server.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";

type Parameter = {
  name: string;
  in: "query" | "path" | "header";
  description?: string;
  schema: Record<string, unknown>;
};
type Operation = { parameters?: Parameter[]; tags?: string[]; description?: string };

describe(`OpenAPI document lint on ${testProvider}`, () => {
  let app: App;
  let text: string;
  let operations: [string, Operation][];
  beforeAll(async () => {
    app = await buildApp(loadConfig({ PORT: "0", LOG_LEVEL: "silent", DATABASE_URL: await migratedDatabaseUrl() }));
    const { url } = await app.start();
    text = await (await fetch(`${url}/openapi.json`)).text();
    const document = JSON.parse(text);
    const paths = document.paths as Record<string, Record<string, Operation>>;
    // Shared parameters (Idempotency-Key) are references: read them resolved.
    const resolve = (p: Parameter | { $ref: string }): Parameter =>
      "$ref" in p ? document.components.parameters[p.$ref.split("/").pop()!] : p;
    operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, Operation] => [
        `${method} ${path}`,
        { ...operation, ...(operation.parameters ? { parameters: operation.parameters.map(resolve) } : {}) },
      ]),
    );
  });
  afterAll(() => app.stop());

  it("gives no Spectral finding with the spectral:oas ruleset", async () => {
    const spectral = new Spectral();
    // The package's own type for the ruleset is narrower than setRuleset's (its formats are typed apart).
    spectral.setRuleset({ extends: [oas as RulesetDefinition] });
    const findings = await spectral.run(text);
    const printed = findings.map((f) => `${f.code} (severity ${f.severity}) at ${f.path.join(".")}: ${f.message}`);
    expect(printed, printed.join("\n")).toEqual([]);
  });

  it("gives every operation tags and a description", () => {
    for (const [name, operation] of operations) {
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      expect(operation.description, name).toMatch(/\S/);
    }
  });

  it("types integer and boolean parameters as such, not as strings", () => {
    const parameters = operations.flatMap(([name, operation]) =>
      (operation.parameters ?? []).map((parameter) => ({ operation: name, ...parameter })),
    );
    const typeOf = (filter: (p: Parameter) => boolean) => [
      ...new Set(parameters.filter(filter).map((p) => p.schema.type)),
    ];
    expect(typeOf((p) => p.in === "query" && (p.name === "limit" || p.name === "page"))).toEqual(["integer"]);
    expect(typeOf((p) => ["autoAssignAlerts", "hasFailures", "paginated"].includes(p.name))).toEqual(["boolean"]);
    expect(typeOf((p) => p.name === "maxWaitSeconds")).toEqual(["number"]);
    const listWindows = operations.find(([name]) => name === "get /v1/maintenance-windows")![1];
    expect(listWindows.parameters?.find((p) => p.name === "limit")?.schema).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 10,
    });
    // Integer ids in paths (groups, maintenance windows, agent runs) are integers; the others uuids.
    expect(typeOf((p) => p.in === "path" && p.name === "id" && /\(an integer\)/.test(String(p.description)))).toEqual([
      "integer",
    ]);
    const groupPath = operations.find(([name]) => name === "get /v1/check-groups/{id}")![1];
    expect(groupPath.parameters?.[0]?.schema.type).toBe("integer");
    // No parameter is still documented as the digit string it is parsed from.
    const digitStrings = parameters.filter((p) => p.schema.type === "string" && /\\d/.test(String(p.schema.pattern)));
    expect(digitStrings).toEqual([]);
  });
});
