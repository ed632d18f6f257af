// The batched alert decision (decideRuns + storeDecisions, used by the missed-heartbeat sweep)
// against the one-by-one path (recordHeartbeatStatus) on the same data: the same statuses,
// alerts, notifications and events, in a number of statements that does not grow with the checks.
import { describe, expect, it } from "vitest";
import { runStepsInTx } from "../../../src/db/sql-steps.js";
import { sqliteWriter } from "../../../src/db/sqlite-writes.js";
import { type DecidedRun, decideRuns } from "../../../src/domain/check-statuses/decide-runs.js";
import { noStatusEffects, type StatusEffects } from "../../../src/domain/check-statuses/effects.js";
import { recordHeartbeatStatus } from "../../../src/domain/check-statuses/heartbeats.js";
import { storeDecisions } from "../../../src/domain/check-statuses/store-decisions.js";
import {
  type CheckStatusData,
  createCheckStatus,
  createAlertChannel,
  createHeartbeatCheck,
  type CheckData,
  type CheckGroupData,
  createCheckGroup,
} from "../../support/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const T = new Date("2031-05-01T08:00:00.000Z");
const NOW = new Date(T.getTime() + 60_000);
const PUBLIC_URL = "http://127.0.0.1:3000";
type Outcome = "PASS" | "FAIL";
type Case = { check?: CheckData; group?: CheckGroupData; status?: CheckStatusData; outcomes: Outcome[] };

const own = (alertSettings: object): CheckData => ({ useGlobalAlertSettings: false, alertSettings });
const CASES: Case[] = [
  { outcomes: ["FAIL"] },
  { status: { since: new Date(T.getTime() - 60_000), runs: 3, version: 3 }, outcomes: ["FAIL", "FAIL", "PASS"] },
  { check: { muted: true }, outcomes: ["FAIL", "PASS"] },
  { check: own({ escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 2 } }), outcomes: ["FAIL"] },
  {
    check: own({ escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 2 } }),
    outcomes: ["FAIL", "FAIL"],
  },
  {
    check: own({ escalationType: "TIME_BASED", timeBasedEscalation: { minutesFailingThreshold: 5 } }),
    outcomes: ["FAIL"],
  },
  { check: own({ escalationType: "RUN_BASED", reminders: { amount: 2, interval: 5 } }), outcomes: ["FAIL"] },
  {
    status: { condition: "FAILING", since: T, runs: 1, alerted: "FAILURE", failureAlerted: true, version: 1 },
    outcomes: ["FAIL"],
  },
  { status: { since: T, runs: 1, version: 1 }, outcomes: ["PASS", "PASS"] },
  { group: { muted: true }, outcomes: ["FAIL"] },
  {
    group: {
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 2 } },
    },
    outcomes: ["FAIL", "FAIL"],
  },
];

describe(`check statuses decided in batches on ${testProvider}`, () => {
  let statements: string[] | null = null;
  const t = useTestApp({}, { onQuery: (sql) => statements?.push(sql) });
  const db = () => t.app.context.database.prisma;
  const read = <T>(sql: Parameters<typeof t.app.context.database.read>[0]) => t.app.context.database.read<T>(sql);

  /** A check of each case, with its status and a channel subscribed; the runs to decide for them. */
  async function made(channelId: number) {
    const runs: DecidedRun[] = [];
    const ids: string[] = [];
    for (const c of CASES) {
      const group = c.group ? await createCheckGroup(t, { name: "a group", ...c.group }) : null;
      const check = await createHeartbeatCheck(t, { name: "the same", groupId: group?.id ?? null, ...c.check });
      ids.push(check.id);
      if (c.status) await createCheckStatus(t, check, c.status);
      await db().alertChannelSubscription.create({ data: { alertChannelId: channelId, checkId: check.id } });
      c.outcomes.forEach((outcome, i) => {
        const at = new Date(T.getTime() + i * 1_000);
        const facts = { hasFailures: outcome === "FAIL", hasErrors: false, isDegraded: false, lastRunAt: at };
        runs.push({ accountId: t.accountId, checkId: check.id, outcome, at, facts, result: null });
      });
    }
    return { ids, runs };
  }

  async function batched(runs: DecidedRun[], effects: StatusEffects) {
    const plans = await decideRuns({ db: db(), read, runs, now: NOW });
    const writer = await sqliteWriter(db());
    const steps = storeDecisions({ plans, pg: testProvider === "postgresql", publicUrl: PUBLIC_URL, effects });
    await (writer ? writer.write(steps) : db().$transaction((tx) => runStepsInTx(tx, steps)));
  }

  async function outcomeOf(checkId: string, other: string) {
    const row = await db().checkStatus.findUniqueOrThrow({ where: { checkId } });
    // Its own ids and times aside (the two paths ran at different moments).
    const mine = new Set(["checkId", "accountId", "createdAt", "updatedAt"]);
    const status = Object.fromEntries(Object.entries(row).filter(([column]) => !mine.has(column)));
    const alerts = await db().checkAlert.findMany({
      where: { checkId },
      orderBy: [{ createdAt: "asc" }, { alertType: "asc" }],
    });
    const notifications = await db().alertNotification.findMany({ where: { checkId }, orderBy: { createdAt: "asc" } });
    const same = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(checkId, other));
    return {
      status,
      alerts: alerts.map(({ id, checkId: _c, ...alert }) => alert),
      notifications: notifications.map(({ id, checkAlertId, checkId: _c, ...n }) => same(n)),
    };
  }

  it("stores the statuses, alerts and notifications that deciding each run alone stores", async () => {
    const channel = await createAlertChannel(t);
    const together = await made(channel.id);
    const alone = await made(channel.id);
    const effects = { together: noStatusEffects(), alone: noStatusEffects() };
    await batched(together.runs, effects.together);
    for (const run of alone.runs)
      await db().$transaction((tx) =>
        recordHeartbeatStatus({
          tx,
          ...run,
          outcome: run.outcome as Outcome,
          now: NOW,
          publicUrl: PUBLIC_URL,
          effects: effects.alone,
        }),
      );
    for (const [i, checkId] of together.ids.entries()) {
      const expected = await outcomeOf(alone.ids[i]!, alone.ids[i]!);
      expect(await outcomeOf(checkId, alone.ids[i]!), `case ${i}`).toEqual(expected);
    }
    // The cases raise alerts and notifications of several kinds (not a comparison of nothing).
    const types = await db().checkAlert.findMany({
      where: { checkId: { in: together.ids } },
      select: { alertType: true, silenced: true },
    });
    expect(new Set(types.map((a) => `${a.alertType} ${a.silenced}`))).toEqual(
      new Set(["ALERT_FAILURE false", "ALERT_FAILURE true", "ALERT_RECOVERY false", "ALERT_RECOVERY true"]),
    );
    expect(await db().alertNotification.count({ where: { checkId: { in: together.ids } } })).toBeGreaterThan(3);
    const renamed = (e: StatusEffects) =>
      e.changed.map((c) => ({ ...c, checkId: alone.ids[together.ids.indexOf(c.checkId)] ?? c.checkId }));
    // Each check's changes in its runs' order (the batch goes check by check, in checkId order).
    const byCheck = (changes: StatusEffects["changed"]) =>
      [...changes].sort((a, b) => (a.checkId < b.checkId ? -1 : a.checkId > b.checkId ? 1 : 0));
    expect(byCheck(renamed(effects.together))).toEqual(byCheck(effects.alone.changed));
    expect([...effects.together.notified]).toEqual([...effects.alone.notified]);
  });

  it("decides many checks' failures in a number of statements that does not grow with them", async () => {
    const counts: number[] = [];
    for (const size of [5, 40]) {
      const checks = await Promise.all(Array.from({ length: size }, () => createHeartbeatCheck(t)));
      const runs = checks.map((c) => ({
        accountId: t.accountId,
        checkId: c.id,
        outcome: "FAIL" as const,
        at: T,
        facts: { hasFailures: true, hasErrors: false, isDegraded: false, lastRunAt: T },
        result: null,
      }));
      statements = [];
      const writer = await sqliteWriter(db());
      writer?.observe((sql) => statements?.push(sql));
      try {
        await batched(runs, noStatusEffects());
      } finally {
        writer?.observe(null);
      }
      counts.push(statements.filter((sql) => !/^\s*(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(sql)).length);
      statements = null;
      const alerts = await db().checkAlert.count({ where: { checkId: { in: checks.map((c) => c.id) } } });
      expect(alerts).toBe(size);
    }
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(12);
  });
});
