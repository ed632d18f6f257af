// docs/decisions.md, Alerting, "Silence": a muted group, and maintenance windows that silence
// alerts, record the decided alerts as silenced and send nothing; a failure that began inside a
// window is not alerted when the window ends; unmuting mid-episode alerts nothing retroactively.
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { alertRulesKit, minute } from "../../support/alert-rules.js";
import { createCheck, createCheckGroup, createMaintenanceWindow } from "../../support/index.js";

describe(`alert rules: silence on ${testProvider}`, () => {
  const t = useTestApp();
  const { db, record, alerts, outbox, channel, subscribe } = alertRulesKit(t);

  it("a muted group (check not muted) records silenced alerts and writes no notification", async () => {
    const group = await createCheckGroup(t, { muted: true });
    const check = await createCheck(t, { groupId: group.id, muted: false });
    const c = await channel();
    await subscribe(c.id, { groupId: group.id });
    await subscribe(c.id, { checkId: check.id });
    await record(check.id, "FAIL", minute(0));
    await record(check.id, "PASS", minute(1));
    expect(await alerts(check.id)).toEqual([
      ["ALERT_FAILURE", true],
      ["ALERT_RECOVERY", true],
    ]);
    expect(await outbox(check.id)).toEqual([]);
  });

  it("unmuting the group mid-episode sends no retroactive FAILURE (nor a RECOVERY of it); the next episode is sent", async () => {
    const group = await createCheckGroup(t, { muted: true });
    const check = await createCheck(t, { groupId: group.id });
    const c = await channel();
    await subscribe(c.id, { checkId: check.id });
    await record(check.id, "FAIL", minute(0));
    await db().checkGroup.update({ where: { id: group.id }, data: { muted: false } });
    await record(check.id, "FAIL", minute(1));
    await record(check.id, "FAIL", minute(2));
    expect(await outbox(check.id)).toEqual([]);
    await record(check.id, "PASS", minute(3));
    expect(await alerts(check.id)).toEqual([
      ["ALERT_FAILURE", true],
      ["ALERT_RECOVERY", true],
    ]);
    expect(await outbox(check.id)).toEqual([]);
    // A new failure, unmuted: alerted and sent.
    await record(check.id, "FAIL", minute(4));
    expect((await alerts(check.id)).slice(2)).toEqual([["ALERT_FAILURE", false]]);
    expect(await outbox(check.id)).toEqual([["ALERT_FAILURE", c.id]]);
  });

  // Each window test has its own account: windows act on every check of their account.
  describe.each([
    ["silenceAllAlerts", { silenceAllAlerts: true }, []],
    ["a matching silenceAlertsTags", { silenceAlertsTags: ["db"] }, ["db"]],
  ] as [string, { silenceAllAlerts?: boolean; silenceAlertsTags?: string[] }, string[]][])(
    "a maintenance window with %s",
    (_name, silencing, checkTags) => {
      async function setup(threshold = 1) {
        const { accountId } = await t.newAccount();
        // On from minute 0 to minute 10, once.
        await createMaintenanceWindow(
          t,
          {
            name: "upgrade",
            startsAt: minute(0),
            endsAt: minute(10),
            repeatUnit: "DAY",
            repeatEndsAt: minute(0),
            ...silencing,
          },
          accountId,
        );
        const check = await createCheck(
          t,
          {
            tags: [...checkTags],
            useGlobalAlertSettings: false,
            alertSettings: { escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: threshold } },
          },
          accountId,
        );
        // A check outside the window's tags is alerted as usual (silenceAlertsTags only).
        const other = await createCheck(t, { tags: ["web"] }, accountId);
        const c = await channel({}, accountId);
        await subscribe(c.id, { checkId: check.id });
        await subscribe(c.id, { checkId: other.id });
        const run = (id: string, outcome: "PASS" | "FAIL", at: Date) => record(id, outcome, at, {}, accountId);
        return { check, other, c, run };
      }

      it("records alerts inside it as silenced and sends nothing", async () => {
        const { check, other, c, run } = await setup();
        await run(check.id, "FAIL", minute(1));
        await run(check.id, "PASS", minute(2));
        expect(await alerts(check.id)).toEqual([
          ["ALERT_FAILURE", true],
          ["ALERT_RECOVERY", true],
        ]);
        expect(await outbox(check.id)).toEqual([]);
        await run(other.id, "FAIL", minute(3));
        const otherSilenced = "silenceAllAlerts" in silencing;
        expect(await alerts(other.id)).toEqual([["ALERT_FAILURE", otherSilenced]]);
        expect(await outbox(other.id)).toEqual(otherSilenced ? [] : [["ALERT_FAILURE", c.id]]);
      });

      it("does not alert a failure that began inside it when it ends; a new failure after a pass is alerted", async () => {
        const { check, c, run } = await setup();
        await run(check.id, "FAIL", minute(8));
        // The window ended at minute 10: the same failure goes on.
        await run(check.id, "FAIL", minute(11));
        await run(check.id, "FAIL", minute(12));
        expect(await outbox(check.id)).toEqual([]);
        await run(check.id, "PASS", minute(13));
        expect(await outbox(check.id)).toEqual([]);
        await run(check.id, "FAIL", minute(14));
        await run(check.id, "PASS", minute(15));
        expect(await alerts(check.id)).toEqual([
          ["ALERT_FAILURE", true],
          ["ALERT_RECOVERY", true],
          ["ALERT_FAILURE", false],
          ["ALERT_RECOVERY", false],
        ]);
        expect(await outbox(check.id)).toEqual([
          ["ALERT_FAILURE", c.id],
          ["ALERT_RECOVERY", c.id],
        ]);
      });

      it("does not alert after it a failure that began inside it below the threshold (no retroactive alert)", async () => {
        const { check, c, run } = await setup(2);
        await run(check.id, "FAIL", minute(9));
        await run(check.id, "FAIL", minute(11));
        await run(check.id, "FAIL", minute(12));
        await run(check.id, "PASS", minute(13));
        expect(await alerts(check.id)).toEqual([]);
        await run(check.id, "FAIL", minute(14));
        await run(check.id, "FAIL", minute(15));
        expect(await alerts(check.id)).toEqual([["ALERT_FAILURE", false]]);
        expect(await outbox(check.id)).toEqual([["ALERT_FAILURE", c.id]]);
      });
    },
  );
});
