// docs/decisions.md, Alerting, "Alert types": TIME_BASED escalation and reminders through the
// engine's sweep (it acts on CheckStatus.dueAt), degraded <-> failing escalation, and flapping
// (src/domain/alert-rules/flapping.ts), all on results recorded through the domain at chosen instants.
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { alertRulesKit, minute } from "../../support/alert-rules.js";
import { type CheckData, createCheck } from "../../support/index.js";

describe(`alert rules: escalation, reminders and flapping on ${testProvider}`, () => {
  const t = useTestApp();
  const { db, record, sweep, alerts, alertTypes, outbox, channel, subscribe } = alertRulesKit(t);
  const status = (checkId: string) => db().checkStatus.findUniqueOrThrow({ where: { checkId } });
  const own = (alertSettings: Record<string, unknown>, data: CheckData = {}) =>
    createCheck(t, { useGlobalAlertSettings: false, alertSettings: alertSettings as object, ...data });
  const timeBased = { escalationType: "TIME_BASED", timeBasedEscalation: { minutesFailingThreshold: 5 } };

  it("TIME_BASED 5 minutes: one failed run, nothing at +4 min, ALERT_FAILURE at +5 min from the sweep", async () => {
    const check = await own(timeBased);
    const c = await channel();
    await subscribe(c.id, { checkId: check.id });
    await record(check.id, "FAIL", minute(0));
    expect(await alerts(check.id)).toEqual([]);
    expect((await status(check.id)).dueAt).toEqual(minute(5));
    await sweep(minute(4));
    expect(await alerts(check.id)).toEqual([]);
    await sweep(minute(5));
    expect(await alerts(check.id)).toEqual([["ALERT_FAILURE", false]]);
    expect(await outbox(check.id)).toEqual([["ALERT_FAILURE", c.id]]);
    // Nothing more is due (no reminders): later sweeps raise nothing.
    expect((await status(check.id)).dueAt).toBeNull();
    await sweep(minute(60));
    await record(check.id, "PASS", minute(61));
    expect(await alertTypes(check.id)).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY"]);
  });

  it("TIME_BASED: a failure that passes before the threshold raises nothing, and its due sweep is cancelled", async () => {
    const check = await own(timeBased);
    await record(check.id, "FAIL", minute(0));
    await record(check.id, "PASS", minute(3));
    expect((await status(check.id)).dueAt).toBeNull();
    await sweep(minute(10));
    expect(await alerts(check.id)).toEqual([]);
  });

  it("reminders (amount 2, interval 5) come from the sweep, then no more", async () => {
    const check = await own({ ...timeBased, reminders: { amount: 2, interval: 5 } });
    const c = await channel();
    await subscribe(c.id, { checkId: check.id });
    await record(check.id, "FAIL", minute(0));
    await sweep(minute(5));
    await sweep(minute(9));
    expect(await alertTypes(check.id)).toEqual(["ALERT_FAILURE"]);
    await sweep(minute(10));
    await sweep(minute(10.5));
    await sweep(minute(15));
    for (const m of [20, 25, 30, 90]) await sweep(minute(m));
    const rows = await db().checkAlert.findMany({ where: { checkId: check.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((a) => [a.alertType, a.reminderSequence, a.createdAt])).toEqual([
      ["ALERT_FAILURE", null, minute(5)],
      ["ALERT_FAILURE_REMAIN", 1, minute(10)],
      ["ALERT_FAILURE_REMAIN", 2, minute(15)],
    ]);
    expect((await outbox(check.id)).map(([type]) => type)).toEqual([
      "ALERT_FAILURE",
      "ALERT_FAILURE_REMAIN",
      "ALERT_FAILURE_REMAIN",
    ]);
    const reminder = await db().alertNotification.findFirstOrThrow({
      where: { checkId: check.id, checkAlertId: rows[2]!.id },
    });
    const variables = (reminder.request as { message: { variables: Record<string, unknown> } }).message.variables;
    expect(variables).toMatchObject({ IS_REMINDER: true, REMINDER_SEQUENCE: 2 });
  });

  it("degraded -> failing -> degraded alert at once (DEGRADED_FAILURE, FAILURE_DEGRADED), then RECOVERY", async () => {
    const check = await own(timeBased, { degradedResponseTime: 2000, maxResponseTime: 5000 });
    const c = await channel({ sendDegraded: true });
    const failuresOnly = await channel({ sendDegraded: false });
    await subscribe(c.id, { checkId: check.id });
    await subscribe(failuresOnly.id, { checkId: check.id });
    await record(check.id, "DEGRADED", minute(0));
    await sweep(minute(4));
    expect(await alerts(check.id)).toEqual([]);
    await sweep(minute(5));
    expect(await alertTypes(check.id)).toEqual(["ALERT_DEGRADED"]);
    // With an alert out, a change between degraded and failing alerts at once, whatever the escalation.
    await record(check.id, "FAIL", minute(6));
    expect(await alertTypes(check.id)).toEqual(["ALERT_DEGRADED", "ALERT_DEGRADED_FAILURE"]);
    await record(check.id, "DEGRADED", minute(7));
    await record(check.id, "PASS", minute(8));
    expect(await alertTypes(check.id)).toEqual([
      "ALERT_DEGRADED",
      "ALERT_DEGRADED_FAILURE",
      "ALERT_FAILURE_DEGRADED",
      "ALERT_RECOVERY",
    ]);
    expect(await outbox(check.id)).toEqual([
      ["ALERT_DEGRADED", c.id],
      ["ALERT_DEGRADED_FAILURE", c.id],
      ["ALERT_DEGRADED_FAILURE", failuresOnly.id],
      ["ALERT_FAILURE_DEGRADED", c.id],
      ["ALERT_RECOVERY", c.id],
      ["ALERT_RECOVERY", failuresOnly.id],
    ]);
  });

  it("degraded alone recovers with DEGRADED_RECOVERY (RUN_BASED)", async () => {
    const check = await own({ escalationType: "RUN_BASED" }, { degradedResponseTime: 2000 });
    await record(check.id, "DEGRADED", minute(0));
    await record(check.id, "DEGRADED", minute(1));
    await record(check.id, "PASS", minute(2));
    expect(await alertTypes(check.id)).toEqual(["ALERT_DEGRADED", "ALERT_DEGRADED_RECOVERY"]);
  });

  describe("flapping", () => {
    // Alternating runs a minute apart: the 6th change within 30 minutes is the flapping note.
    async function flap(checkId: string, from: number, count: number) {
      for (let i = 0; i < count; i++) await record(checkId, i % 2 === 0 ? "FAIL" : "PASS", minute(from + i));
    }

    it("more than 5 changes in 30 minutes: one ALERT_FLAPPING, no per-change alerts, normal alerts once settled (passing)", async () => {
      const check = await createCheck(t);
      const c = await channel();
      await subscribe(c.id, { checkId: check.id });
      await flap(check.id, 0, 14); // F P F P ... P: 14 changes, ends passing at minute 13
      const types = await alertTypes(check.id);
      expect(types).toEqual([
        "ALERT_FAILURE",
        "ALERT_RECOVERY",
        "ALERT_FAILURE",
        "ALERT_RECOVERY",
        "ALERT_FAILURE",
        "ALERT_FLAPPING",
      ]);
      expect((await outbox(check.id)).map(([type]) => type)).toEqual(types);
      // The note replaced the RECOVERY of minute 5: the failure alerted at minute 4 is still out.
      // Passing from minute 13 on, it settles at minute 43 (no change for 30 minutes): the sweep
      // then sends that RECOVERY, and alerts decide normally again.
      for (let m = 14; m <= 39; m += 5) await record(check.id, "PASS", minute(m));
      expect(await alertTypes(check.id)).toHaveLength(6);
      await sweep(minute(42.9));
      expect(await alertTypes(check.id)).toHaveLength(6);
      await sweep(minute(43));
      expect((await alertTypes(check.id)).slice(6)).toEqual(["ALERT_RECOVERY"]);
      await record(check.id, "PASS", minute(44));
      await record(check.id, "FAIL", minute(45));
      await record(check.id, "PASS", minute(46));
      expect((await alertTypes(check.id)).slice(6)).toEqual(["ALERT_RECOVERY", "ALERT_FAILURE", "ALERT_RECOVERY"]);
      expect((await outbox(check.id)).map(([type]) => type).slice(6)).toEqual([
        "ALERT_RECOVERY",
        "ALERT_FAILURE",
        "ALERT_RECOVERY",
      ]);
    });

    it("settling while failing after a RECOVERY: the failure is alerted when it settles, and its recovery after", async () => {
      const check = await createCheck(t);
      const c = await channel();
      await subscribe(c.id, { checkId: check.id });
      // D F P F P F: the 6th change (minute 5) is a failure, and the note replaces its FAILURE:
      // receivers last heard ALERT_RECOVERY (minute 4).
      const runs = ["DEGRADED", "FAIL", "PASS", "FAIL", "PASS", "FAIL"] as const;
      for (const [i, outcome] of runs.entries()) await record(check.id, outcome, minute(i));
      expect(await alertTypes(check.id)).toEqual([
        "ALERT_DEGRADED",
        "ALERT_DEGRADED_FAILURE",
        "ALERT_RECOVERY",
        "ALERT_FAILURE",
        "ALERT_RECOVERY",
        "ALERT_FLAPPING",
      ]);
      for (let m = 6; m <= 34; m++) await record(check.id, "FAIL", minute(m));
      expect(await alertTypes(check.id)).toHaveLength(6);
      // No change since minute 5: settled at minute 35, when the sweep alerts the failure.
      await sweep(minute(34.9));
      expect(await alertTypes(check.id)).toHaveLength(6);
      await sweep(minute(35));
      expect((await alertTypes(check.id)).slice(6)).toEqual(["ALERT_FAILURE"]);
      await record(check.id, "FAIL", minute(36));
      await record(check.id, "PASS", minute(37));
      expect((await alertTypes(check.id)).slice(6)).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY"]);
      // ALERT_DEGRADED went to no channel (sendDegraded is off by default): five rows before.
      expect((await outbox(check.id)).map(([type]) => type).slice(5)).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY"]);
    });

    it("settling in the state the last alert announced: nothing repeated (a failure alerted before the note)", async () => {
      const check = await createCheck(t);
      // F P F P F P: the note replaced the RECOVERY at minute 5; then failing from minute 6 on.
      await flap(check.id, 0, 6);
      await flap(check.id, 6, 1);
      for (let m = 7; m <= 40; m++) await record(check.id, "FAIL", minute(m));
      await record(check.id, "PASS", minute(41));
      // The last alert sent before the note was ALERT_FAILURE: after settling failing, no second
      // FAILURE, and the pass is its RECOVERY.
      expect(await alertTypes(check.id)).toEqual([
        "ALERT_FAILURE",
        "ALERT_RECOVERY",
        "ALERT_FAILURE",
        "ALERT_RECOVERY",
        "ALERT_FAILURE",
        "ALERT_FLAPPING",
        "ALERT_RECOVERY",
      ]);
    });
  });
});
