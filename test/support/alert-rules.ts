// Helpers of the alert-rules suites (test/integration/alert-rules/rules-*.test.ts): results recorded through
// the domain at a chosen instant, the engine's sweep for due statuses, and reads of the decided
// alerts and of the outbox (AlertNotification rows) they wrote.
import { domainContext, systemContext } from "../../src/app-context.js";
import { recordCheckResult } from "../../src/domain/check-results/index.js";
import { tickDueCheckStatuses } from "../../src/domain/check-statuses/tick.js";
import type { TestAppHandle } from "./app.js";

export type Outcome = "PASS" | "FAIL" | "DEGRADED";

export const T0 = Date.parse("2031-03-03T10:00:00.000Z");
/** `minutes` after T0 (fractions allowed). */
export const minute = (minutes: number) => new Date(T0 + minutes * 60_000);

export function alertRulesKit(t: TestAppHandle) {
  const db = () => t.db;
  const ctxAt = (accountId: string, at: Date) => ({ ...domainContext(t.app.context, accountId), now: () => at });

  /** One FINAL result of `checkId` at `at` (started and stopped then), recorded as the engine records it. */
  const record = (
    checkId: string,
    outcome: Outcome,
    at: Date,
    extra: Record<string, unknown> = {},
    accountId = t.accountId,
  ) =>
    recordCheckResult({
      ctx: ctxAt(accountId, at),
      input: {
        checkId,
        runLocation: "eu-west-1",
        hasFailures: outcome === "FAIL",
        isDegraded: outcome === "DEGRADED",
        responseTime: outcome === "DEGRADED" ? 2500 : 100,
        startedAt: at,
        stoppedAt: at,
        ...extra,
      },
    });

  /** The engine's sweep of due statuses (reminders, TIME_BASED thresholds, flapping settling) at `now`. */
  const sweep = (now: Date) => tickDueCheckStatuses({ ctx: { ...systemContext(t.app.context), now: () => now }, now });

  /** The check's decided alerts, oldest first: [alertType, silenced]. */
  const alerts = async (checkId: string) =>
    (await db().checkAlert.findMany({ where: { checkId }, orderBy: [{ createdAt: "asc" }] })).map(
      (a) => [a.alertType, a.silenced] as const,
    );
  const alertTypes = async (checkId: string) => (await alerts(checkId)).map(([type]) => type);

  /** The check's outbox rows, oldest first: [alertType, alertChannelId]. */
  const outbox = async (checkId: string) => {
    const rows = await db().alertNotification.findMany({
      where: { checkId },
      orderBy: [{ createdAt: "asc" }, { alertChannelId: "asc" }],
    });
    return rows.map((n) => [(n.request as { message: { alertType: string } }).message.alertType, n.alertChannelId]);
  };

  /** A WEBHOOK channel row of the account (delivery workers are off: rows stay IN_PROGRESS). */
  const channel = (data: Record<string, unknown> = {}, accountId = t.accountId) =>
    db().alertChannel.create({
      data: { accountId, type: "WEBHOOK", config: { url: "http://127.0.0.1:9/hook", name: "hook" }, ...data },
    });

  const subscribe = (alertChannelId: number, target: { checkId: string } | { groupId: number }) =>
    db().alertChannelSubscription.create({ data: { alertChannelId, ...target } });

  return { db, ctxAt, record, sweep, alerts, alertTypes, outbox, channel, subscribe };
}
