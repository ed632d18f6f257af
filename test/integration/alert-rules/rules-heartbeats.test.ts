// docs/decisions.md, Alerting: "A heartbeat's FAILING event is a failed run and its next ping a
// passing one", through the real API: the check and its channel made over REST, the engine's
// missed-heartbeat sweep at a chosen instant, and the key-less ping endpoint.
import { describe, expect, it } from "vitest";
import { systemContext } from "../../../src/app-context.js";
import { recordMissedHeartbeats } from "../../../src/domain/heartbeats/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { alertRulesKit } from "../../support/alert-rules.js";
import { restClient } from "../../support/rest.js";

describe(`alert rules: heartbeats on ${testProvider}`, () => {
  const t = useTestApp();
  const { db, alerts, outbox } = alertRulesKit(t);
  const sweep = (now: Date) =>
    recordMissedHeartbeats({ ctx: { ...systemContext(t.app.context), now: () => now }, now });

  it("no ping past period + grace: the sweep's FAILING raises ALERT_FAILURE and an outbox row; the next ping ALERT_RECOVERY", async () => {
    const channel = await t.api.post("/v1/alert-channels", {
      type: "WEBHOOK",
      config: { name: "Hook", url: "http://127.0.0.1:9/hook" },
    });
    expect(channel.status).toBe(201);
    const created = await t.api.post("/v1/checks/heartbeat?autoAssignAlerts=false", {
      name: "Nightly backup",
      heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const check = created.body as { id: string; heartbeat: { pingToken: string } };
    const subscribed = await t.api.put(`/v1/alert-channels/${channel.body.id}/subscriptions`, {
      checkId: check.id,
      activated: true,
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);

    // Created two hours ago and never pinged: overdue since 70 minutes after its creation.
    const createdAt = new Date(Date.now() - 2 * 3_600_000);
    await db().check.update({ where: { id: check.id }, data: { createdAt } });
    const deadline = new Date(createdAt.getTime() + 70 * 60_000);
    expect(await sweep(new Date(deadline.getTime() - 1000))).toBe(0);
    expect(await alerts(check.id)).toEqual([]);
    expect(await sweep(new Date())).toBeGreaterThanOrEqual(1);
    expect(await sweep(new Date())).toBe(0);
    expect(await alerts(check.id)).toEqual([["ALERT_FAILURE", false]]);
    expect(await outbox(check.id)).toEqual([["ALERT_FAILURE", channel.body.id]]);
    const status = await t.api.get(`/v1/check-statuses/${check.id}`);
    expect(status.body).toMatchObject({ checkId: check.id, hasFailures: true });

    const anonymous = restClient(t.url, null);
    expect((await anonymous.get(`/ping/${check.heartbeat.pingToken}`)).status).toBe(200);
    expect((await anonymous.get(`/ping/${check.heartbeat.pingToken}`)).status).toBe(200);
    expect(await alerts(check.id)).toEqual([
      ["ALERT_FAILURE", false],
      ["ALERT_RECOVERY", false],
    ]);
    expect(await outbox(check.id)).toEqual([
      ["ALERT_FAILURE", channel.body.id],
      ["ALERT_RECOVERY", channel.body.id],
    ]);
    expect((await t.api.get(`/v1/check-statuses/${check.id}`)).body).toMatchObject({ hasFailures: false });
    const listed = await t.api.get(`/v1/check-alerts/${check.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((a: { alertType: string }) => a.alertType).sort()).toEqual([
      "ALERT_FAILURE",
      "ALERT_RECOVERY",
    ]);
  });
});
