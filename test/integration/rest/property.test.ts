// Property-based: random bodies for every REST operation that takes one. Whatever is sent, the
// answer is never a 5xx, and the rows of the operation's table grow exactly by its 201s.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { routes } from "../../../src/rest/routes.js";
import { useTestApp, type TestAppHandle } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import type { RestClient } from "../../support/rest.js";

type Env = { api: RestClient; t: TestAppHandle; ids: Record<string, string> };
type Case = {
  /** A valid body: the property also sends it and its neighbours, so 201s and 200s happen too. */
  example: (env: Env) => Record<string, unknown>;
  /** The table whose rows the operation may create. */
  count: (env: Env) => Promise<number>;
  /** Path parameters, from rows made once in beforeAll. */
  params?: (env: Env) => Record<string, string>;
  /** How many rows a 201 made, when one request can make several (a bulk create); default 1. */
  createdBy?: (responseBody: unknown) => number;
};

const slug = () => `p-${randomBytes(5).toString("hex")}`;
const window = { name: "Deploy", startsAt: "2026-01-05", endsAt: "2026-01-06", repeatUnit: "WEEK" };
const checkBodies: Record<string, Record<string, unknown>> = {
  api: { name: "API", locations: ["eu-west-1"], request: { method: "GET", url: "https://example.com/health" } },
  url: { name: "URL", request: { url: "https://example.com" } },
  tcp: { name: "TCP", request: { hostname: "db.example.com", port: 5432 } },
  dns: { name: "DNS", request: { query: "example.com", recordType: "A" } },
  icmp: { name: "ICMP", request: { hostname: "example.com" } },
  heartbeat: { name: "Backup", heartbeat: { period: 1, periodUnit: "days", grace: 30, graceUnit: "minutes" } },
  browser: { name: "Browser", script: "await page.goto('https://example.com')" },
  multistep: { name: "Multi", script: "await request.get('https://example.com')" },
  ssl: { name: "SSL", request: { sslConfig: { hostname: "example.com" } } },
};

const db = (env: Env) => env.t.db;
const accountId = (env: Env) => env.t.accountId;
const checks = (env: Env) => db(env).check.count({ where: { accountId: accountId(env) } });

const cases: Record<string, Case> = {
  "POST /v1/maintenance-windows": {
    example: () => window,
    count: (e) => db(e).maintenanceWindow.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/maintenance-windows/{id}": {
    example: () => window,
    count: (e) => db(e).maintenanceWindow.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ id: e.ids.window! }),
  },
  "PATCH /v1/maintenance-windows/{id}/maintenances/{maintenanceId}": {
    example: () => ({}),
    count: (e) => db(e).maintenance.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ id: e.ids.occurrenceWindow!, maintenanceId: e.ids.occurrence! }),
  },
  "POST /v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates": {
    example: () => ({ status: "SCHEDULED", description: "Upgrade" }),
    count: (e) => db(e).maintenanceUpdate.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ id: e.ids.occurrenceWindow!, maintenanceId: e.ids.occurrence! }),
  },
  "PUT /v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates/{updateId}": {
    example: () => ({ description: "Upgrade" }),
    count: (e) => db(e).maintenanceUpdate.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({
      id: e.ids.occurrenceWindow!,
      maintenanceId: e.ids.occurrence!,
      updateId: e.ids.maintenanceUpdate!,
    }),
  },
  "POST /v1/check-groups": {
    example: () => ({ name: "Group" }),
    count: (e) => db(e).checkGroup.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/check-groups/{id}": {
    example: () => ({ name: "Group" }),
    count: (e) => db(e).checkGroup.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ id: e.ids.group! }),
  },
  ...Object.fromEntries(
    Object.entries(checkBodies).flatMap(([type, body]) => [
      [`POST /v1/checks/${type}`, { example: () => body, count: checks }],
      [
        `PUT /v1/checks/${type}/{id}`,
        { example: () => body, count: checks, params: (e: Env) => ({ id: e.ids[`check-${type}`]! }) },
      ],
    ]),
  ),
  "POST /v2/check-groups": {
    example: () => ({ name: "Group" }),
    count: (e) => db(e).checkGroup.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v2/check-groups/{id}": {
    example: () => ({ name: "Group" }),
    count: (e) => db(e).checkGroup.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ id: e.ids.group! }),
  },
  "POST /v1/checks": {
    example: () => ({ ...checkBodies.api, checkType: "API" }),
    count: checks,
  },
  "POST /v2/check-sessions/trigger": {
    example: (e) => ({ target: { checkId: [e.ids["check-api"]] } }),
    count: (e) => db(e).checkSession.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/checks/{id}": {
    example: () => ({ name: "Renamed" }),
    count: checks,
    params: (e) => ({ id: e.ids["check-api"]! }),
  },
  "POST /v1/check-sessions/trigger": {
    example: (e) => ({ target: { checkId: [e.ids["check-api"]] } }),
    count: (e) => db(e).checkSession.count({ where: { accountId: accountId(e) } }),
  },
  "POST /v1/check-sessions/{checkSessionId}/cancel": {
    example: () => ({}),
    count: (e) => db(e).checkSession.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ checkSessionId: e.ids.session! }),
  },
  "POST /v1/status-pages": {
    example: () => ({ name: "Status", url: slug() }),
    count: (e) => db(e).statusPage.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/status-pages/{statusPageId}": {
    example: () => ({ name: "Status", url: slug() }),
    count: (e) => db(e).statusPage.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ statusPageId: e.ids.page! }),
  },
  "POST /v1/status-pages/{statusPageId}/subscriptions/bulk": {
    example: () => ({ subscriptions: [{ type: "EMAIL", config: `${slug()}@example.com` }], autoVerify: true }),
    count: (e) => db(e).statusPageSubscription.count({ where: { statusPageId: e.ids.page! } }),
    params: (e) => ({ statusPageId: e.ids.page! }),
    createdBy: (body) => (body as { created: number }).created,
  },
  "POST /v1/status-pages/services": {
    example: () => ({ name: "API" }),
    count: (e) => db(e).statusPageService.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/status-pages/services/{id}": {
    example: () => ({ name: "API" }),
    count: (e) => db(e).statusPageService.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ id: e.ids.service! }),
  },
  "POST /v1/status-pages/incidents": {
    example: (e) => ({
      name: "Outage",
      severity: "MAJOR",
      services: [{ id: e.ids.service }],
      incidentUpdates: [{ description: "Looking" }],
    }),
    count: (e) => db(e).incident.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/status-pages/incidents/{incidentId}": {
    example: (e) => ({ name: "Outage", severity: "MINOR", services: [{ id: e.ids.service }] }),
    count: (e) => db(e).incident.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ incidentId: e.ids.incident! }),
  },
  "POST /v1/status-pages/incidents/{incidentId}/incident-updates": {
    example: () => ({ description: "Fixed", status: "RESOLVED" }),
    count: (e) => db(e).incidentUpdate.count({ where: { incidentId: e.ids.incident! } }),
    params: (e) => ({ incidentId: e.ids.incident! }),
  },
  "PUT /v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}": {
    example: () => ({ description: "Edited" }),
    count: (e) => db(e).incidentUpdate.count({ where: { incidentId: e.ids.incident! } }),
    params: (e) => ({ incidentId: e.ids.incident!, incidentUpdateId: e.ids.update! }),
  },
  "POST /v1/private-locations": {
    example: () => ({ name: "Office", slugName: slug() }),
    count: (e) => db(e).privateLocation.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/private-locations/{id}": {
    example: () => ({ name: "Office" }),
    count: (e) => db(e).privateLocation.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ id: e.ids.location! }),
  },
  "POST /v1/alert-channels": {
    example: () => ({ type: "EMAIL", config: { address: "ops@example.com" } }),
    count: (e) => db(e).alertChannel.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/alert-channels/{id}": {
    example: () => ({ type: "EMAIL", config: { address: "ops@example.com" } }),
    count: (e) => db(e).alertChannel.count({ where: { accountId: accountId(e) } }),
    params: (e) => ({ id: e.ids.channel! }),
  },
  // The channel already has these subscriptions (beforeAll): a PUT may only change them.
  "PUT /v1/alert-channels/{id}/subscriptions": {
    example: (e) => ({ checkId: e.ids["check-api"], activated: false }),
    count: (e) => db(e).alertChannelSubscription.count({ where: { alertChannel: { accountId: accountId(e) } } }),
    params: (e) => ({ id: e.ids.channel! }),
  },
  "POST /v1/api-keys": {
    example: () => ({ name: "deploys" }),
    count: (e) => db(e).apiKey.count({ where: { accountId: accountId(e) } }),
  },
  "PUT /v1/alert-settings": {
    example: () => ({ escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 2 } }),
    count: (e) => db(e).account.count({ where: { id: accountId(e) } }),
  },
};

/** Values that have broken validators elsewhere: wrong types, bounds, sizes, odd strings. */
const edgeValue = fc.constantFrom<unknown>(
  null,
  "",
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 31),
  true,
  [],
  {},
  [null],
  "x".repeat(70_000),
  "\u0000",
  "../../etc",
  "2026-02-30",
  "NaN",
  { $gt: "" },
  { __proto__: { a: 1 } },
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), edgeValue);

function bodies(example: Record<string, unknown>, keys: string[]) {
  return fc.oneof(
    fc.constant(example),
    fc.jsonValue({ maxDepth: 3 }),
    fc
      .record(Object.fromEntries(keys.map((k) => [k, anyValue])), { requiredKeys: [] })
      .map((random) => ({ ...example, ...random })),
    fc.tuple(fc.constantFrom(...keys), anyValue).map(([key, value]) => ({ ...example, [key]: value })),
    fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 3 }).map((extra) => ({ ...example, ...extra })),
  );
}

describe(`random bodies for every create and update operation on ${testProvider}`, () => {
  const t = useTestApp();
  const env: Env = { t, api: t.api, ids: {} };
  beforeAll(async () => {
    const created = async (path: string, body: unknown) => {
      const response = await env.api.post(path, body);
      if (response.status !== 201)
        throw new Error(`setup ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as Record<string, unknown>;
    };
    env.ids.window = String((await created("/v1/maintenance-windows", window)).id);
    // A window of its own for the occurrence routes: the PUT above remakes its window's occurrences.
    env.ids.occurrenceWindow = String((await created("/v1/maintenance-windows", { ...window, repeatInterval: 1 })).id);
    const occurrences = await env.api.get(`/v1/maintenance-windows/${env.ids.occurrenceWindow}/maintenances`);
    env.ids.occurrence = String((occurrences.body as { id: string }[])[0]!.id);
    env.ids.maintenanceUpdate = String(
      (
        await created(
          `/v1/maintenance-windows/${env.ids.occurrenceWindow}/maintenances/${env.ids.occurrence}/updates`,
          {
            status: "SCHEDULED",
            description: "Upgrade",
          },
        )
      ).id,
    );
    env.ids.group = String((await created("/v1/check-groups", { name: "Group" })).id);
    for (const [type, body] of Object.entries(checkBodies))
      env.ids[`check-${type}`] = String((await created(`/v1/checks/${type}`, body)).id);
    const trigger = await created("/v1/check-sessions/trigger", { target: { checkId: [env.ids["check-api"]] } });
    env.ids.session = String(
      (trigger.sessions as { checkSessionId?: string; id?: string }[])[0]?.checkSessionId ??
        (trigger.sessions as { id: string }[])[0]?.id,
    );
    env.ids.page = String((await created("/v1/status-pages", { name: "Status", url: slug() })).id);
    env.ids.service = String((await created("/v1/status-pages/services", { name: "API" })).id);
    const incident = await created(
      "/v1/status-pages/incidents",
      cases["POST /v1/status-pages/incidents"]!.example(env),
    );
    env.ids.incident = String(incident.id);
    env.ids.update = String((incident.incidentUpdates as { id: string }[])[0]!.id);
    env.ids.location = String((await created("/v1/private-locations", { name: "Office", slugName: slug() })).id);
    const channel = await created("/v1/alert-channels", {
      type: "EMAIL",
      config: { address: "ops@example.com" },
      subscriptions: [
        { checkId: env.ids["check-api"], activated: true },
        { groupId: Number(env.ids.group), activated: true },
      ],
    });
    env.ids.channel = String(channel.id);
  });

  it("has a case for every operation that takes a body", () => {
    const withBody = routes
      .filter((route) => route.body && route.auth !== false)
      .map((route) => `${route.method} ${route.path}`);
    expect(Object.keys(cases).sort()).toEqual(withBody.sort());
  });

  for (const route of routes.filter((r) => r.body && r.auth !== false)) {
    const name = `${route.method} ${route.path}`;
    it(`${name}: never a 5xx; rows grow only by the 201s`, async () => {
      const spec = cases[name]!;
      // A union body (alert channels, by type) has its properties in its variants.
      type Shape = { properties?: object; anyOf?: Shape[]; oneOf?: Shape[] };
      const schema = z.toJSONSchema(route.body!, { io: "input", unrepresentable: "any" }) as Shape;
      const keys = [
        ...new Set(
          [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((s) => Object.keys(s.properties ?? {})),
        ),
      ];
      const path = route.path.replace(/\{(\w+)\}/g, (_, param: string) => spec.params!(env)[param]!);
      let created = 0;
      let succeeded = 0;
      const before = await spec.count(env);
      await fc.assert(
        fc.asyncProperty(bodies(spec.example(env), keys), async (body) => {
          const response =
            route.method === "POST"
              ? await env.api.post(path, body)
              : route.method === "PATCH"
                ? await env.api.raw("PATCH", path, {
                    body: JSON.stringify(body),
                    headers: { "content-type": "application/json" },
                  })
                : await env.api.put(path, body);
          expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
          if (response.status === 201) created += spec.createdBy?.(response.body) ?? 1;
          if (response.status < 300) succeeded++;
          if (response.status >= 400)
            expect(response.body).toMatchObject({
              statusCode: response.status,
              error: expect.any(String),
              message: expect.any(String),
            });
        }),
        { numRuns: 40, seed: 20261121 },
      );
      expect(await spec.count(env)).toBe(before + created);
      if (route.method !== "POST") expect(created).toBe(0);
      // The valid example and its harmless neighbours got through: the property was not vacuous.
      expect(succeeded).toBeGreaterThan(0);
    });
  }
});
