import { type DbOrTx, isPostgres } from "../../db/client.js";
import type { AlertEvent, RunVerdict } from "../alert-rules/decide.js";
import { loadAlertContext, type AlertContext } from "./alert-context.js";
import { decideEvent, type EventDecision, needsContext } from "./decide-event.js";
import { raiseAlert } from "./raise.js";
import type { StatusEffects } from "./effects.js";
import { readCheckStatus } from "./ensure.js";
import { casOneSql } from "./status-cas.js";
import type { CheckStatusRow, RunFacts } from "./rows.js";
import type { AlertResult } from "../check-alerts/rows.js";

/** What an event tells the status: a run's outcome (null: it does not count yet) and its facts. */
export type StatusObservation =
  | { kind: "run"; outcome: RunVerdict | null; at: Date; facts: Partial<RunFacts>; result: AlertResult | null }
  | { kind: "tick" };

const ATTEMPTS = 20;

/**
 * Decides one event for a check and stores the decision on its status by compare-and-set on
 * `version`, in the caller's transaction: a loser (another instance, another transaction of the
 * same check) reads the row again and decides again, so each alert is raised once. `observe` is
 * called on each attempt with the status row and the lazily loaded alert context, since what it
 * reads (a parallel run's other locations) may have changed too. The settings and silence are only
 * read when the decision may depend on them. `read`: the row as the caller read it already (a
 * batch's one read of its checks' statuses), used on the first attempt. Returns whether anything
 * was written.
 */
export async function recordCheckStatus({
  tx,
  accountId,
  checkId,
  now,
  publicUrl,
  effects,
  observe,
  read,
}: {
  tx: DbOrTx;
  accountId: string;
  checkId: string;
  now: Date;
  publicUrl: string;
  effects: StatusEffects;
  read?: CheckStatusRow;
  observe: (context: () => Promise<AlertContext | null>, row: CheckStatusRow) => Promise<StatusObservation | null>;
}): Promise<boolean> {
  let loaded: Promise<AlertContext | null> | undefined;
  const context = () => {
    loaded ??= loadAlertContext(tx, checkId, now);
    return loaded;
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = attempt === 0 && read ? read : await readCheckStatus(tx, accountId, checkId, now);
    if (!row) return false;
    const observation = await observe(context, row);
    if (!observation) return false;
    const written = await decideAndStore({ tx, row, observation, context, now, publicUrl, effects });
    if (written) return true;
  }
  throw new Error(`check status of ${checkId}: compare-and-set lost ${ATTEMPTS} times`);
}

async function decideAndStore({
  tx,
  row,
  observation,
  context,
  now,
  publicUrl,
  effects,
}: {
  tx: DbOrTx;
  row: CheckStatusRow;
  observation: StatusObservation;
  context: () => Promise<AlertContext | null>;
  now: Date;
  publicUrl: string;
  effects: StatusEffects;
}): Promise<boolean> {
  const facts = observation.kind === "run" ? observation.facts : {};
  // One raw statement of one shape (status-cas.ts), not an updateMany of the moved fields: the
  // engine makes one a result, and Prisma's query compiler path costs more than the raw one.
  const cas = (data: object) =>
    tx
      .$queryRaw<unknown[]>(casOneSql(row, rowAfter(row, data, now), isPostgres(tx)))
      .then((written) => written.length === 1);
  // A location of a parallel run that is not the last: the status moves (so that concurrent
  // locations serialize on the version) but nothing is decided.
  if (observation.kind === "run" && observation.outcome === null) return cas(facts);

  const event: AlertEvent =
    observation.kind === "run" ? { kind: "run", outcome: observation.outcome!, at: observation.at } : { kind: "tick" };
  const needs = needsContext(row, event);
  const ctx = needs ? await context() : null;
  if (needs && !ctx) return true; // the check was deleted meanwhile
  const decided = decideEvent(row, event, ctx, now);
  if (!(await cas({ ...decided.data, ...facts }))) return false;
  announceDecision({ row, decided, ctx, effects });
  const alert = decided.alert;
  if (alert && ctx)
    await raiseAlert({
      tx,
      accountId: row.accountId,
      ctx,
      alert,
      result: observation.kind === "run" ? observation.result : null,
      reminder: decided.reminder,
      now,
      publicUrl,
      effects,
    });
  return true;
}

/** The effects of a stored decision, for after the commit: the condition changed, incidents to open or resolve. */
export function announceDecision({
  row,
  decided,
  ctx,
  effects,
}: {
  row: CheckStatusRow;
  decided: EventDecision;
  ctx: AlertContext | null;
  effects: StatusEffects;
}): void {
  const { alert, changed, resolves } = decided;
  if (changed) effects.changed.push({ accountId: row.accountId, checkId: row.checkId, condition: changed });
  if (!alert || !ctx?.trigger) return;
  if (alert.type === "ALERT_FAILURE" && !alert.silenced && !row.incidentId)
    effects.incidents.push({ kind: "open", accountId: row.accountId, checkId: row.checkId, trigger: ctx.trigger });
  if (resolves && row.incidentId)
    effects.incidents.push({
      kind: "resolve",
      accountId: row.accountId,
      incidentId: row.incidentId,
      trigger: ctx.trigger,
    });
}

/** The row a compare-and-set leaves: the fields `data` sets (an undefined one sets nothing), a version on. */
function rowAfter(row: CheckStatusRow, data: object, now: Date): CheckStatusRow {
  const after: Record<string, unknown> = { ...row };
  for (const [field, value] of Object.entries(data)) if (value !== undefined) after[field] = value;
  return { ...(after as CheckStatusRow), version: row.version + 1, updatedAt: now };
}
