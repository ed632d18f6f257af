import { afterAll, describe, expect, it } from "vitest";
import { systemContext } from "../../../src/app-context.js";
import { tickDueCheckStatuses } from "../../../src/domain/check-statuses/tick.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";

describe(`alert decisions on the write path on ${testProvider}`, () => {
  const t = useTestApp();
  const db = () => t.db;
  const newCheck = checkFactory(t, { locations: ["eu-west-1"] });
  const record = resultRecorder(t);
  afterAll(() => t.stop());

  const run = (checkId: string, ok: boolean, extra: Record<string, unknown> = {}) =>
    record({ checkId, runLocation: "eu-west-1", hasFailures: !ok, ...extra });
  const alerts = (checkId: string) => db().checkAlert.findMany({ where: { checkId }, orderBy: { createdAt: "asc" } });
  const channel = (data: Record<string, unknown> = {}) =>
    db().alertChannel.create({
      data: {
        accountId: t.accountId,
        type: "WEBHOOK",
        config: { url: "http://127.0.0.1:9/hook", name: "hook" },
        ...data,
      },
    });

  it("fails, recovers, and writes one outbox row per subscribed channel honouring its filters", async () => {
    const check = await newCheck();
    const all = await channel();
    const failuresOnly = await channel({ sendRecovery: false });
    const off = await channel();
    await db().alertChannelSubscription.createMany({
      data: [
        { alertChannelId: all.id, checkId: check.id },
        { alertChannelId: failuresOnly.id, checkId: check.id },
        { alertChannelId: off.id, checkId: check.id, activated: false },
      ],
    });
    await run(check.id, true);
    const failed = await run(check.id, false);
    await run(check.id, false);
    await run(check.id, true);
    const status = await db().checkStatus.findUniqueOrThrow({ where: { checkId: check.id } });
    expect(status).toMatchObject({ condition: "PASSING", alerted: "NONE", hasFailures: false, runs: 1 });
    const raised = await alerts(check.id);
    expect(raised.map((a) => [a.alertType, a.silenced])).toEqual([
      ["ALERT_FAILURE", false],
      ["ALERT_RECOVERY", false],
    ]);
    expect(raised[0]!.checkResultId).toBe(failed.id);
    const outbox = await db().alertNotification.findMany({ where: { checkId: check.id } });
    const byAlert = (id: string) =>
      outbox
        .filter((n) => n.checkAlertId === id)
        .map((n) => n.alertChannelId)
        .sort();
    expect(byAlert(raised[0]!.id)).toEqual([all.id, failuresOnly.id].sort());
    expect(byAlert(raised[1]!.id)).toEqual([all.id]);
    const request = outbox[0]!.request as { message: { variables: { RESULT_LINK: string; CHECK_ID: string } } };
    expect(outbox[0]).toMatchObject({ status: "IN_PROGRESS", type: "WEBHOOK" });
    expect(request.message.variables.CHECK_ID).toBe(check.id);
    expect(request.message.variables.RESULT_LINK).toMatch(/^http:\/\/.+\/v1\/check-results\//);
  });

  it("ATTEMPT and cancelled results never count", async () => {
    const check = await newCheck();
    await run(check.id, false, { resultType: "ATTEMPT" });
    await run(check.id, false, { isCancelled: true });
    expect(await db().checkStatus.findUnique({ where: { checkId: check.id } })).toBeNull();
    expect(await alerts(check.id)).toEqual([]);
  });

  it("records a muted check's alerts as silenced and sends nothing", async () => {
    const check = await newCheck({ muted: true });
    const c = await channel();
    await db().alertChannelSubscription.create({ data: { alertChannelId: c.id, checkId: check.id } });
    await run(check.id, false);
    expect((await alerts(check.id)).map((a) => [a.alertType, a.silenced])).toEqual([["ALERT_FAILURE", true]]);
    expect(await db().alertNotification.count({ where: { checkId: check.id } })).toBe(0);
  });

  it("sends reminders through the sweep when they fall due", async () => {
    const check = await newCheck({
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: "RUN_BASED", reminders: { amount: 2, interval: 5 } },
    });
    await run(check.id, false);
    const status = await db().checkStatus.findUniqueOrThrow({ where: { checkId: check.id } });
    expect(status.dueAt).not.toBeNull();
    const later = new Date(status.dueAt!.getTime() + 1000);
    const ctx = systemContext(t.app.context);
    await tickDueCheckStatuses({ ctx, now: later });
    await tickDueCheckStatuses({ ctx, now: later });
    expect((await alerts(check.id)).map((a) => [a.alertType, a.reminderSequence])).toEqual([
      ["ALERT_FAILURE", null],
      ["ALERT_FAILURE_REMAIN", 1],
    ]);
  });

  it("raises one FLAPPING note for more than 5 changes in 30 minutes", async () => {
    const check = await newCheck();
    for (let i = 0; i < 10; i++) await run(check.id, i % 2 === 1);
    const types = (await alerts(check.id)).map((a) => a.alertType);
    expect(types.filter((type) => type === "ALERT_FLAPPING")).toHaveLength(1);
    expect(types.slice(-1)).toEqual(["ALERT_FLAPPING"]);
  });

  it("a passing FINAL result with nothing to alert moves the status once (fast path: no settings read)", async () => {
    const check = await newCheck();
    await run(check.id, true);
    const before = await db().checkStatus.findUniqueOrThrow({ where: { checkId: check.id } });
    await run(check.id, true);
    const after = await db().checkStatus.findUniqueOrThrow({ where: { checkId: check.id } });
    expect(after.version).toBe(before.version + 1);
    expect(after.runs).toBe(2);
  });
});
