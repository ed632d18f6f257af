import { inShapes, type SqlSteps } from "../../db/sql-steps.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { notificationRows } from "../alert-notifications/enqueue.js";
import { checkAlertData } from "../check-alerts/insert.js";
import { timeOrderedUuid } from "../shared/ids.js";
import type { PlannedCheck } from "./decide-runs.js";
import type { StatusEffects } from "./effects.js";
import { announceDecision } from "./record.js";
import { casRow, casSql } from "./status-cas.js";

/** A status moved since the plan read it: nothing of the plan may be stored. */
export class StatusMoved extends Error {}

/**
 * Stores a plan of decideRuns: one compare-and-set statement for every check's status (each from
 * the version it was read at to the row after its runs), then the alerts in one statement and
 * their notifications in another. A status that moved meanwhile throws StatusMoved (the caller's
 * transaction rolls back; deciding again is the caller's choice). The effects are added to `effects`.
 */
export function* storeDecisions({
  plans,
  pg,
  fixed = false,
  publicUrl,
  effects,
}: {
  plans: readonly PlannedCheck[];
  pg: boolean;
  /** Statements of fixed row counts (src/db/sql-steps.ts inShapes): SQLite's batch writer keeps them. */
  fixed?: boolean;
  publicUrl: string;
  effects: StatusEffects;
}): SqlSteps<void> {
  if (plans.length === 0) return;
  const written = yield* inShapes(
    plans.map((plan) => casRow(plan.read, plan.after, pg)),
    fixed,
    casSql,
  );
  if (written.length < plans.length) throw new StatusMoved();

  const alerts: (ReturnType<typeof checkAlertData> & { id: string })[] = [];
  const notifications: (ReturnType<typeof notificationRows>[number] & { id: string })[] = [];
  for (const plan of plans) {
    for (const { before: row, decided, ctx, result } of plan.decisions) {
      announceDecision({ row, decided, ctx, effects });
      const alert = decided.alert;
      if (alert && ctx) {
        const reminder = decided.reminder;
        const now = plan.now;
        // Time-ordered: a batch's rows land at the end of the primary key's index (src/domain/shared/ids.ts).
        const id = timeOrderedUuid(now);
        alerts.push({
          id,
          ...checkAlertData({ accountId: row.accountId, check: ctx.check, alert, result, reminder, now }),
        });
        if (!alert.silenced) {
          const variables = {
            alertType: alert.type,
            check: ctx.check,
            group: ctx.group,
            result,
            baseUrl: publicUrl,
            reminder,
          };
          const queued = notificationRows({
            accountId: row.accountId,
            checkAlertId: id,
            alertType: alert.type,
            channels: plan.channels,
            variables,
            now,
          });
          for (const n of queued) notifications.push({ id: timeOrderedUuid(now), ...n });
          if (queued.length > 0) effects.notified.add(row.accountId);
        }
      }
    }
  }
  yield* inShapes(alerts, fixed, (some) => insertSql("CheckAlert", some, pg));
  yield* inShapes(notifications, fixed, (some) => insertSql("AlertNotification", some, pg));
}

/** One multi-row INSERT of rows with the same columns (JSON values written as text, cast on PostgreSQL). */
function insertSql(table: string, rows: readonly Record<string, unknown>[], pg: boolean): Prisma.Sql {
  const columns = Object.keys(rows[0]!);
  const cell = (v: unknown) =>
    v !== null && typeof v === "object" && !(v instanceof Date)
      ? pg
        ? Prisma.sql`CAST(${JSON.stringify(v)} AS JSONB)`
        : JSON.stringify(v)
      : v;
  const values = rows.map((row) => Prisma.sql`(${Prisma.join(columns.map((c) => cell(row[c])))})`);
  return Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} (${Prisma.raw(columns.map((c) => `"${c}"`).join(", "))}) VALUES ${Prisma.join(values)}`;
}
