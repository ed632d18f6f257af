import type { DbOrTx } from "../../db/client.js";
import type { RawRead } from "../../db/sqlite-reads.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { RunVerdict } from "../alert-rules/decide.js";
import type { SubscribedChannel } from "../alert-notifications/enqueue.js";
import type { AlertResult } from "../check-alerts/rows.js";
import { type AlertContext, loadAlertContexts } from "./alert-context.js";
import { decideEvent, type EventDecision, needsContext } from "./decide-event.js";
import type { MaintenanceWindowLike } from "../maintenance-windows/status.js";
import type { CheckStatusRow, RunFacts } from "./rows.js";

/** A run of one check to decide (a heartbeat's ping or FAILING event, a result): its outcome and facts. */
export type DecidedRun = {
  accountId: string;
  checkId: string;
  outcome: RunVerdict;
  at: Date;
  facts: Partial<RunFacts>;
  result: AlertResult | null;
};

/** One check's runs decided in memory: the row as read (its version the compare-and-set's), the row after. */
export type PlannedCheck = {
  read: CheckStatusRow;
  after: CheckStatusRow;
  ctx: AlertContext | null;
  /** Each run's decision, with the row it was decided on and the context it used. */
  decisions: { before: CheckStatusRow; decided: EventDecision; ctx: AlertContext | null; result: AlertResult | null }[];
  now: Date;
  /** The channels of the check and its group, when one of its alerts is to be sent. */
  channels: SubscribedChannel[];
};

/**
 * The alert decisions of many checks' runs at once, each run decided exactly as recordCheckStatus
 * decides it alone (decideEvent over the row the run before left), with a fixed number of reads
 * whatever the number of checks: their statuses (missing ones created first, as readCheckStatus
 * does), the alert contexts of those whose decision needs them, and the channels of those that
 * alert. Nothing is stored: storeDecisions writes the plan. `runs` are in the order they happened;
 * the plan is in checkId order. A check gone meanwhile is left out.
 */
export async function decideRuns({
  db,
  read,
  runs,
  now,
  windows,
}: {
  db: DbOrTx;
  read: RawRead;
  runs: readonly DecidedRun[];
  now: Date;
  /** The maintenance windows of the runs' accounts, when the caller read them at `now` already. */
  windows?: ReadonlyMap<string, MaintenanceWindowLike[]>;
}): Promise<PlannedCheck[]> {
  const byCheck = new Map<string, DecidedRun[]>();
  for (const run of runs) byCheck.set(run.checkId, [...(byCheck.get(run.checkId) ?? []), run]);
  const rows = await statuses(db, read, byCheck, now);
  // Which checks need their context: deciding without one until a run needs it.
  const wanted = [...rows.values()]
    .filter((row) => simulate(row, byCheck.get(row.checkId)!, now))
    .map((r) => r.checkId);
  const contexts = await loadAlertContexts(read, wanted, now, windows);
  const plans: PlannedCheck[] = [];
  for (const checkId of [...rows.keys()].sort()) {
    const plan = planOf(rows.get(checkId)!, byCheck.get(checkId)!, contexts.get(checkId) ?? null, now);
    if (plan) plans.push(plan);
  }
  const alerting = plans.filter((p) => p.ctx && p.decisions.some((d) => d.decided.alert && !d.decided.alert.silenced));
  if (alerting.length > 0) await addChannels(read, alerting);
  return plans;
}

const event = (run: DecidedRun) => ({ kind: "run" as const, outcome: run.outcome, at: run.at });
const moved = (row: CheckStatusRow, decided: EventDecision, run: DecidedRun, now: Date): CheckStatusRow =>
  ({ ...row, ...decided.data, ...run.facts, version: row.version + 1, updatedAt: now }) as CheckStatusRow;

/** Whether any run of the check needs its context. */
function simulate(row: CheckStatusRow, runs: DecidedRun[], now: Date): boolean {
  for (const run of runs) {
    if (needsContext(row, event(run))) return true;
    row = moved(row, decideEvent(row, event(run), null, now), run, now);
  }
  return false;
}

function planOf(read: CheckStatusRow, runs: DecidedRun[], context: AlertContext | null, now: Date) {
  let row = read;
  const decisions: PlannedCheck["decisions"] = [];
  for (const run of runs) {
    const needs = needsContext(row, event(run));
    if (needs && !context) return null; // the check was deleted meanwhile
    const ctx = needs ? context : null;
    const decided = decideEvent(row, event(run), ctx, now);
    decisions.push({ before: row, decided, ctx, result: run.result });
    row = moved(row, decided, run, now);
  }
  return { read, after: row, ctx: context, decisions, now, channels: [] } satisfies PlannedCheck;
}

/** The status rows of these checks, by checkId; missing ones created (PASSING, version 0) first. */
async function statuses(db: DbOrTx, read: RawRead, byCheck: Map<string, DecidedRun[]>, now: Date) {
  const select = (ids: string[]) =>
    read<CheckStatusRow>(Prisma.sql`SELECT * FROM "CheckStatus" WHERE "checkId" IN (${Prisma.join(ids)})`);
  const rows = new Map((await select([...byCheck.keys()])).map((row) => [row.checkId, row]));
  const missing = [...byCheck.keys()].filter((id) => !rows.has(id));
  if (missing.length === 0) return rows;
  const values = missing.map((id) => Prisma.sql`(${id}, ${byCheck.get(id)![0]!.accountId}, ${now}, ${now})`);
  await db.$executeRaw(
    Prisma.sql`INSERT INTO "CheckStatus" ("checkId", "accountId", "createdAt", "updatedAt") VALUES ${Prisma.join(values)} ON CONFLICT ("checkId") DO NOTHING`,
  );
  for (const row of await select(missing)) rows.set(row.checkId, row);
  return rows;
}

/** The activated channels of each check and of its group (of the check's account), in one raw read. */
async function addChannels(read: RawRead, plans: PlannedCheck[]) {
  const groups = plans.flatMap((p) => (p.ctx!.group ? [p.ctx!.group.id] : []));
  const byGroup = groups.length ? Prisma.sql` OR s."groupId" IN (${Prisma.join(groups)})` : Prisma.empty;
  const subscriptions = await read<
    SubscribedChannel & { checkId: string | null; groupId: number | null; accountId: string }
  >(
    Prisma.sql`
      SELECT s."checkId", s."groupId", c."id", c."accountId", c."type", c."config", c."sendFailure", c."sendDegraded", c."sendRecovery"
      FROM "AlertChannelSubscription" s JOIN "AlertChannel" c ON c."id" = s."alertChannelId"
      WHERE s."activated" = TRUE AND (s."checkId" IN (${Prisma.join(plans.map((p) => p.read.checkId))})${byGroup})
        AND c."accountId" IN (${Prisma.join([...new Set(plans.map((p) => p.read.accountId))])})
      ORDER BY s."alertChannelId" ASC`,
  );
  for (const plan of plans) {
    const group = plan.ctx!.group?.id;
    plan.channels = subscriptions
      .filter((s) => s.accountId === plan.read.accountId)
      .filter((s) => s.checkId === plan.read.checkId || (group !== undefined && s.groupId === group))
      .map(({ id, type, config, sendFailure, sendDegraded, sendRecovery }) => ({
        id,
        type,
        config,
        sendFailure,
        sendDegraded,
        sendRecovery,
      }));
  }
}
