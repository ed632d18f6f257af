// docs/decisions.md, Alerting: a channel's sendFailure / sendRecovery / sendDegraded filter what it
// receives, and "a check's channels are its own subscriptions plus its group's" (each channel once);
// triggerIncident opens an incident on ALERT_FAILURE (one at a time per check) and resolves it on
// ALERT_RECOVERY. Results recorded through the domain; the outbox read as the delivery workers would.
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { alertRulesKit, minute } from "../../support/alert-rules.js";
import { createCheck, createCheckGroup, createService } from "../../support/index.js";

describe(`alert rules: channels and incidents on ${testProvider}`, () => {
  const t = useTestApp();
  const { record, sweep, alertTypes, outbox, channel, subscribe } = alertRulesKit(t);

  it("sendFailure, sendRecovery and sendDegraded false: no row of that kind for that channel, the others get theirs", async () => {
    const check = await createCheck(t, { degradedResponseTime: 2000 });
    const all = await channel({ sendDegraded: true });
    const noFailure = await channel({ sendFailure: false, sendDegraded: true });
    const noRecovery = await channel({ sendRecovery: false, sendDegraded: true });
    const noDegraded = await channel({ sendDegraded: false });
    for (const c of [all, noFailure, noRecovery, noDegraded]) await subscribe(c.id, { checkId: check.id });
    // DEGRADED, DEGRADED_FAILURE (a failure), FAILURE_DEGRADED (degraded), RECOVERY; then
    // DEGRADED_RECOVERY. Ten minutes apart: six changes within 30 minutes would be flapping.
    const runs = ["DEGRADED", "FAIL", "DEGRADED", "PASS", "DEGRADED", "PASS"] as const;
    for (const [i, outcome] of runs.entries()) await record(check.id, outcome, minute(i * 10));
    expect(await alertTypes(check.id)).toEqual([
      "ALERT_DEGRADED",
      "ALERT_DEGRADED_FAILURE",
      "ALERT_FAILURE_DEGRADED",
      "ALERT_RECOVERY",
      "ALERT_DEGRADED",
      "ALERT_DEGRADED_RECOVERY",
    ]);
    const rows = await outbox(check.id);
    const of = (id: number) => rows.filter(([, channelId]) => channelId === id).map(([type]) => type);
    expect(of(all.id)).toEqual([
      "ALERT_DEGRADED",
      "ALERT_DEGRADED_FAILURE",
      "ALERT_FAILURE_DEGRADED",
      "ALERT_RECOVERY",
      "ALERT_DEGRADED",
      "ALERT_DEGRADED_RECOVERY",
    ]);
    expect(of(noFailure.id)).toEqual([
      "ALERT_DEGRADED",
      "ALERT_FAILURE_DEGRADED",
      "ALERT_RECOVERY",
      "ALERT_DEGRADED",
      "ALERT_DEGRADED_RECOVERY",
    ]);
    expect(of(noRecovery.id)).toEqual([
      "ALERT_DEGRADED",
      "ALERT_DEGRADED_FAILURE",
      "ALERT_FAILURE_DEGRADED",
      "ALERT_DEGRADED",
    ]);
    expect(of(noDegraded.id)).toEqual(["ALERT_DEGRADED_FAILURE", "ALERT_RECOVERY", "ALERT_DEGRADED_RECOVERY"]);
  });

  it("a check subscribed through its group and directly to the same channel gets one row per alert", async () => {
    const group = await createCheckGroup(t);
    const check = await createCheck(t, { groupId: group.id });
    const both = await channel();
    const viaGroup = await channel();
    const inactive = await channel();
    await subscribe(both.id, { groupId: group.id });
    await subscribe(both.id, { checkId: check.id });
    await subscribe(viaGroup.id, { groupId: group.id });
    await t.db.alertChannelSubscription.create({
      data: { alertChannelId: inactive.id, groupId: group.id, activated: false },
    });
    await record(check.id, "FAIL", minute(0));
    await record(check.id, "PASS", minute(1));
    expect(await outbox(check.id)).toEqual([
      ["ALERT_FAILURE", both.id],
      ["ALERT_FAILURE", viaGroup.id],
      ["ALERT_RECOVERY", both.id],
      ["ALERT_RECOVERY", viaGroup.id],
    ]);
  });

  describe("triggerIncident", () => {
    type Update = { status: string; notifySubscribers: boolean; description: string };
    type Incident = { id: string; name: string; severity: string; services: { id: string }[] } & Record<
      string,
      unknown
    >;
    const updatesOf = (incident: Incident) =>
      ((incident.incidentUpdates ?? incident.updates) as Update[]).map((u) => [u.status, u.notifySubscribers]);

    async function setup(data: Record<string, unknown> = {}) {
      const service = await createService(t.api, `API ${crypto.randomUUID()}`);
      const created = await t.api.post("/v1/checks/api?autoAssignAlerts=false", {
        name: `triggering ${service.name}`,
        request: { method: "GET", url: "https://example.com" },
        locations: ["eu-west-1"],
        triggerIncident: {
          serviceId: service.id,
          severity: "MAJOR",
          name: "API is down",
          description: "The API check fails",
          notifySubscribers: true,
        },
        ...data,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const incidents = async () => {
        const listed = await t.api.get("/v1/status-pages/incidents?limit=100");
        expect(listed.status).toBe(200);
        const items = (Array.isArray(listed.body) ? listed.body : listed.body.entries) as Incident[];
        return items.filter((i) => i.services.some((s) => s.id === service.id));
      };
      return { checkId: created.body.id as string, incidents };
    }

    it("opens an incident on ALERT_FAILURE (one at a time), adds a RESOLVED update on ALERT_RECOVERY", async () => {
      const { checkId, incidents } = await setup();
      await record(checkId, "FAIL", minute(0));
      await record(checkId, "FAIL", minute(1));
      const [opened, ...more] = await incidents();
      expect(more).toEqual([]);
      expect(opened).toMatchObject({ name: "API is down", severity: "MAJOR" });
      expect(updatesOf(opened!)).toEqual([["INVESTIGATING", true]]);

      await record(checkId, "PASS", minute(2));
      const [resolved] = await incidents();
      expect(resolved!.id).toBe(opened!.id);
      expect(updatesOf(resolved!).sort()).toEqual([
        ["INVESTIGATING", true],
        ["RESOLVED", true],
      ]);
      // The next failure opens a new incident.
      await record(checkId, "FAIL", minute(3));
      expect(await incidents()).toHaveLength(2);
      expect(await alertTypes(checkId)).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY", "ALERT_FAILURE"]);
    });

    it("notifySubscribers false is carried to the incident's updates", async () => {
      const { checkId, incidents } = await setup();
      await t.db.check.update({
        where: { id: checkId },
        data: {
          triggerIncident: {
            ...((await t.db.check.findUniqueOrThrow({ where: { id: checkId } })).triggerIncident as object),
            notifySubscribers: false,
          },
        },
      });
      await record(checkId, "FAIL", minute(0));
      await record(checkId, "PASS", minute(1));
      const [incident] = await incidents();
      expect(updatesOf(incident!).sort()).toEqual([
        ["INVESTIGATING", false],
        ["RESOLVED", false],
      ]);
    });

    it("an incident whose RECOVERY flapping withheld is resolved when the check settles passing", async () => {
      const { checkId, incidents } = await setup();
      // F P F P F P: three incidents opened, the third one's RECOVERY replaced by the flapping note.
      for (let m = 0; m < 6; m++) await record(checkId, m % 2 === 0 ? "FAIL" : "PASS", minute(m));
      expect((await alertTypes(checkId)).slice(-1)).toEqual(["ALERT_FLAPPING"]);
      const open = async () =>
        (await incidents()).filter((i) => !updatesOf(i).some(([status]) => status === "RESOLVED"));
      expect(await open()).toHaveLength(1);
      await sweep(minute(35));
      expect((await alertTypes(checkId)).slice(-1)).toEqual(["ALERT_RECOVERY"]);
      expect(await open()).toEqual([]);
      expect(await incidents()).toHaveLength(3);
    });

    it("a silenced failure (muted check) opens none", async () => {
      const { checkId, incidents } = await setup({ muted: true });
      await record(checkId, "FAIL", minute(0));
      await record(checkId, "PASS", minute(1));
      expect(await alertTypes(checkId)).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY"]);
      expect(await incidents()).toEqual([]);
    });
  });
});
