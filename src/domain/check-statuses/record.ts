import type { DbOrTx } from "../../db/client.js";
import { decideAlert, nextAlertDueAt, type AlertEvent, type RunOutcome } from "../alerting/decide.js";
import { applyFlapping, flappingSettlesAt, stateAfter } from "../alerting/flapping.js";
import { runNeedsSettings } from "../alerting/settings.js";
import { loadAlertContext, type AlertContext } from "./alert-context.js";
import { raiseAlert } from "./raise.js";
import type { StatusEffects } from "./effects.js";
import { readCheckStatus } from "./ensure.js";
import { toAlertState, toFlapState, toStatusData, type CheckStatusRow, type RunFacts } from "./rows.js";
import type { AlertResult } from "../check-alerts/rows.js";

/** What an event tells the status: a run's outcome (null: it does not count yet) and its facts. */
export type StatusObservation =
  | { kind: "run"; outcome: RunOutcome | null; at: Date; facts: Partial<RunFacts>; result: AlertResult | null }
  | { kind: "tick" };

const ATTEMPTS = 20;
const UNUSED_RULES = {
  escalationType: "RUN_BASED",
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
} as const;

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
  const cas = (data: object) =>
    tx.checkStatus
      .updateMany({
        where: { checkId: row.checkId, version: row.version },
        data: { ...data, version: row.version + 1, updatedAt: now },
      })
      .then(({ count }) => count === 1);
  // A location of a parallel run that is not the last: the status moves (so that concurrent
  // locations serialize on the version) but nothing is decided.
  if (observation.kind === "run" && observation.outcome === null) return cas(facts);

  const state = toAlertState(row);
  const event: AlertEvent =
    observation.kind === "run" ? { kind: "run", outcome: observation.outcome!, at: observation.at } : { kind: "tick" };
  const needs = event.kind === "tick" || runNeedsSettings(state, event.outcome) || row.flapping;
  const ctx = needs ? await context() : null;
  if (needs && !ctx) return true; // the check was deleted meanwhile
  const silence = ctx?.silence ?? { muted: false, maintenance: false };
  const decision = decideAlert(ctx?.rules ?? UNUSED_RULES, state, event, silence, now);
  const changed = decision.state.condition !== state.condition;
  const flapped = applyFlapping(toFlapState(row), decision, {
    changed,
    silenced: silence.muted || silence.maintenance || decision.state.episodeSilenced,
    now: event.kind === "run" ? event.at : now,
  });
  // An alert flapping withheld leaves the episode as receivers last heard of it.
  const kept = stateAfter(state, decision, flapped.alert);
  const next = ctx ? earliest(nextAlertDueAt(ctx.rules, kept), flappingSettlesAt(flapped.flap)) : row.dueAt;
  // A tick that leaves the check due (a threshold met that may not alert: no retroactive alert)
  // is not repeated: the next run decides again.
  const dueAt = event.kind === "tick" && next && next <= now ? null : next;
  const alert = flapped.alert;
  const resolves = alert?.type === "ALERT_RECOVERY" || alert?.type === "ALERT_DEGRADED_RECOVERY";
  const incidentId = resolves && row.incidentId ? null : undefined;
  if (!(await cas({ ...toStatusData(kept, flapped.flap, dueAt), ...facts, incidentId }))) return false;

  if (changed)
    effects.changed.push({ accountId: row.accountId, checkId: row.checkId, condition: decision.state.condition });
  if (alert && ctx) {
    await raiseAlert({
      tx,
      accountId: row.accountId,
      ctx,
      alert,
      result: observation.kind === "run" ? observation.result : null,
      reminder: alert.type.endsWith("_REMAIN") ? decision.state.remindersSent : 0,
      now,
      publicUrl,
      effects,
    });
    if (ctx.trigger && alert.type === "ALERT_FAILURE" && !alert.silenced && !row.incidentId) {
      effects.incidents.push({ kind: "open", accountId: row.accountId, checkId: row.checkId, trigger: ctx.trigger });
    }
    if (ctx.trigger && resolves && row.incidentId) {
      effects.incidents.push({
        kind: "resolve",
        accountId: row.accountId,
        incidentId: row.incidentId,
        trigger: ctx.trigger,
      });
    }
  }
  return true;
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a < b ? a : b;
}
