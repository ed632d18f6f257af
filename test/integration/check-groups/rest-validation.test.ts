import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createAlertChannel } from "../../support/index.js";

const variables = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `VAR_${i}`, value: String(i) }));
const script = (length: number) => "x".repeat(length);

// [change to a valid body, expected status, expected validation.keys]
const cases: [Record<string, unknown>, 201 | 400, string[]][] = [
  [{ name: "n".repeat(255) }, 201, []],
  [{ name: "n".repeat(256) }, 400, ["name"]],
  [{ name: "" }, 400, ["name"]],
  [{ name: "   " }, 400, ["name"]],
  [{ name: 3 }, 400, ["name"]],
  [{ name: undefined }, 400, ["name"]],
  [{ concurrency: 1 }, 201, []],
  [{ concurrency: 100 }, 201, []],
  [{ concurrency: 0 }, 400, ["concurrency"]],
  [{ concurrency: 101 }, 400, ["concurrency"]],
  [{ concurrency: 1.5 }, 400, ["concurrency"]],
  [{ concurrency: "3" }, 400, ["concurrency"]],
  [{ activated: "yes" }, 400, ["activated"]],
  [{ muted: 1 }, 400, ["muted"]],
  [{ doubleCheck: null }, 400, ["doubleCheck"]],
  [{ useGlobalAlertSettings: null }, 400, ["useGlobalAlertSettings"]],
  [{ runParallel: "false" }, 400, ["runParallel"]],
  [{ tags: ["a", 3] }, 400, ["tags.1"]],
  [{ tags: "a" }, 400, ["tags"]],
  [{ locations: ["eu-west-1", "mars-1"] }, 400, ["locations.1"]],
  [{ locations: ["eu-west-1", "us-east-1", "eu-west-1"] }, 400, ["locations.2"]],
  [{ runtimeId: "2021.01" }, 400, ["runtimeId"]],
  [{ runtimeId: "2022.10" }, 201, []],
  [{ environmentVariables: variables(100) }, 201, []],
  [{ environmentVariables: variables(101) }, 400, ["environmentVariables"]],
  [
    {
      environmentVariables: [
        { key: "A", value: "1" },
        { key: "A", value: "2" },
      ],
    },
    400,
    ["environmentVariables.1.key"],
  ],
  [{ environmentVariables: [{ value: "x" }] }, 400, ["environmentVariables.0.key"]],
  [{ environmentVariables: [{ key: "A", value: "1", hidden: true }] }, 400, ["environmentVariables.0.hidden"]],
  [{ apiCheckDefaults: { foo: 1 } }, 400, ["apiCheckDefaults.foo"]],
  [{ apiCheckDefaults: { url: 3 } }, 400, ["apiCheckDefaults.url"]],
  [{ apiCheckDefaults: { headers: [{ value: "x" }] } }, 400, ["apiCheckDefaults.headers.0.key"]],
  [
    { apiCheckDefaults: { queryParameters: [{ key: "a", value: 1 }] } },
    400,
    ["apiCheckDefaults.queryParameters.0.value"],
  ],
  [
    { apiCheckDefaults: { assertions: [{ source: "BODY", comparison: "EQUALS" }] } },
    400,
    ["apiCheckDefaults.assertions.0.source"],
  ],
  [
    { apiCheckDefaults: { assertions: [{ source: "JSON_BODY", comparison: "MATCHES" }] } },
    400,
    ["apiCheckDefaults.assertions.0.comparison"],
  ],
  [{ apiCheckDefaults: { basicAuth: { user: "x" } } }, 400, ["apiCheckDefaults.basicAuth.user"]],
  [{ apiCheckDefaults: null }, 400, ["apiCheckDefaults"]],
  [{ browserCheckDefaults: {} }, 400, ["browserCheckDefaults"]],
  [{ alertSettings: { reminders: { amount: 5, interval: 30 } } }, 201, []],
  [{ alertSettings: { reminders: { amount: 100000 } } }, 201, []],
  [{ alertSettings: { reminders: { amount: 6 } } }, 400, ["alertSettings.reminders.amount"]],
  [{ alertSettings: { reminders: { interval: 7 } } }, 400, ["alertSettings.reminders.interval"]],
  [{ alertSettings: { escalationType: "NEVER" } }, 400, ["alertSettings.escalationType"]],
  [
    { alertSettings: { runBasedEscalation: { failedRunThreshold: 6 } } },
    400,
    ["alertSettings.runBasedEscalation.failedRunThreshold"],
  ],
  [
    { alertSettings: { parallelRunFailureThreshold: { percentage: 15 } } },
    400,
    ["alertSettings.parallelRunFailureThreshold.percentage"],
  ],
  [{ alertSettings: null }, 400, ["alertSettings"]],
  [{ retryStrategy: "ALWAYS" }, 400, ["retryStrategy"]],
  [{ retryStrategy: { type: "FIXED", maxRetries: 10, maxDurationSeconds: 0 } }, 201, []],
  [{ retryStrategy: { type: "FIXED", maxRetries: 11 } }, 400, ["retryStrategy.maxRetries"]],
  [{ retryStrategy: { type: "RANDOM" } }, 400, ["retryStrategy"]],
  [{ setupSnippetId: 2147483647 }, 201, []],
  [{ setupSnippetId: 0 }, 400, ["setupSnippetId"]],
  [{ setupSnippetId: 2147483648 }, 400, ["setupSnippetId"]],
  [{ tearDownSnippetId: 1.5 }, 400, ["tearDownSnippetId"]],
  [{ tearDownSnippetId: "1" }, 400, ["tearDownSnippetId"]],
  [{ localSetupScript: script(64 * 1024) }, 201, []],
  [{ localSetupScript: script(64 * 1024 + 1) }, 400, ["localSetupScript"]],
  [{ localTearDownScript: 3 }, 400, ["localTearDownScript"]],
  [{ privateLocations: [""] }, 400, ["privateLocations.0"]],
  [{ privateLocations: "dc-eu" }, 400, ["privateLocations"]],
  [{ alertChannelSubscriptions: [{ alertChannelId: "x" }] }, 400, ["alertChannelSubscriptions.0.alertChannelId"]],
  [{ alertChannelSubscriptions: [{ activated: true }] }, 400, ["alertChannelSubscriptions.0.alertChannelId"]],
  [{ alertChannelSubscriptions: [{ alertChannelId: 0 }] }, 400, ["alertChannelSubscriptions.0.alertChannelId"]],
  [{ alertChannelSubscriptions: null }, 400, ["alertChannelSubscriptions"]],
  [{ colour: "red", checks: [] }, 400, ["colour", "checks"]],
  [{ concurrency: 0, locations: ["x"], colour: "red" }, 400, ["locations.0", "concurrency", "colour"]],
];

describe(`REST check group validation on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const counts = async () => {
    const db = t.db;
    return [await db.checkGroup.count(), await db.alertChannelSubscription.count()];
  };
  beforeAll(async () => {
    // A channel to auto-assign, so that a rejected create would leave a subscription behind too.
    await createAlertChannel(t);
  });

  it.each(cases)("POST %o → %i %o", async (change, status, keys) => {
    const before = await counts();
    const response = await api.post("/v1/check-groups", { name: "Group", ...change });
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        validation: { source: "payload", keys },
      });
      for (const key of keys) expect(response.body.message).toContain(key);
      expect(await counts()).toEqual(before);
    } else {
      // Nested defaults fill in around what was sent.
      expect(response.body).toMatchObject(change);
    }
  });

  it.each(cases.filter(([change]) => !("name" in change)))("PUT %o → %i %o", async (change, status, keys) => {
    const { body: group } = await api.post("/v1/check-groups?autoAssignAlerts=false", { name: "Target" });
    const before = await counts();
    const response = await api.put(`/v1/check-groups/${group.id}?autoAssignAlerts=false`, change);
    expect(response.status).toBe(status === 201 ? 200 : 400);
    if (status === 400) {
      expect(response.body.validation).toEqual({ source: "payload", keys });
      expect(await counts()).toEqual(before);
      expect((await api.get(`/v1/check-groups/${group.id}`)).body).toEqual(group);
    }
  });
});
