import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.js";
import { json } from "../../db/json.js";
import type { CheckResult } from "../../generated/sqlite/client.js";
import { mergePromoted, publishQueued, type Promoted } from "../check-sessions/promote.js";
import { settleSession } from "../check-sessions/settle.js";
import { recordResultStatus } from "../check-statuses/results.js";
import type { StatusEffects } from "../check-statuses/effects.js";
import type { DomainContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";
import { writeRollups, type RollupInput } from "../rollups/index.js";
import type { RecordCheckResultInput } from "./schemas.js";

export type RecordedData = z.output<typeof RecordCheckResultInput>;
type Data = RecordedData;
type Check = { id: string; name: string; checkType: string };

/** The run a result belongs to: the one named (of this check and account), else a new finished one. */
async function runOf({
  ctx,
  tx,
  check,
  data,
  startedAt,
  stoppedAt,
}: {
  ctx: DomainContext;
  tx: DbOrTx;
  check: Check;
  data: Data;
  startedAt: Date;
  stoppedAt: Date | null;
}) {
  if (data.checkRunId !== undefined) {
    const run = await tx.checkRun.findFirst({
      where: { id: data.checkRunId, accountId: ctx.accountId, checkId: check.id },
    });
    if (!run) throw new ValidationError("checkRunId: not a run of this check", ["checkRunId"]);
    return run;
  }
  return tx.checkRun.create({
    data: {
      accountId: ctx.accountId,
      checkId: check.id,
      sessionId: data.sessionId ?? null,
      location: data.runLocation,
      sequenceId: data.sequenceId ?? randomUUID(),
      status: "DONE",
      attempt: data.attempts,
      dueAt: startedAt,
      claimedAt: startedAt,
      finishedAt: stoppedAt ?? ctx.now(),
      createdAt: ctx.now(),
    },
  });
}

/**
 * Writes one result inside the caller's transaction, with the check's status and alert decision
 * (a FINAL result); the caller publishes after the commit (with `promoted`, the session runs the
 * result let start, for waiting agents, and runs `effects`, the status's events and incidents).
 */
export async function insertCheckResult({
  ctx,
  tx,
  check,
  data,
  promoted,
  effects,
  rollups,
}: {
  ctx: DomainContext;
  tx: DbOrTx;
  check: Check;
  data: Data;
  promoted?: Promoted;
  effects: StatusEffects;
  /** A batch writer's collector: the caller adds the batch's results to their rollups at once (writeRollups). Without it, this result's are written here. */
  rollups?: RollupInput[];
}): Promise<CheckResult> {
  const now = ctx.now();
  const startedAt = data.startedAt ?? now;
  const stoppedAt = data.stoppedAt === undefined ? now : data.stoppedAt;
  if (
    data.sessionId &&
    !(await tx.checkSession.findFirst({
      where: { id: data.sessionId, accountId: ctx.accountId },
      select: { id: true },
    }))
  ) {
    throw new ValidationError("sessionId: no such check session", ["sessionId"]);
  }
  const run = await runOf({ ctx, tx, check, data, startedAt, stoppedAt });
  if (data.sessionId && run.sessionId && run.sessionId !== data.sessionId) {
    throw new ValidationError("sessionId: the run belongs to another check session", ["sessionId"]);
  }
  const sessionId = data.sessionId ?? run.sessionId;
  const result = await tx.checkResult.create({
    data: resultData({ ctx, check, data, run, sessionId, startedAt, stoppedAt, now }),
  });
  // A FINAL result is the run's outcome: the run is over (an ATTEMPT leaves it to its retry).
  if (data.resultType === "FINAL" && (run.status === "QUEUED" || run.status === "RUNNING")) {
    await tx.checkRun.update({
      where: { id: run.id, accountId: ctx.accountId },
      data: { status: data.isCancelled ? "CANCELLED" : "DONE", finishedAt: stoppedAt ?? now },
    });
  }
  await recordResultStatus({ ctx, tx, result, sequenceSize: run.sequenceSize, effects });
  // Rollup rows are locked last, after the check's status, in every writer: no lock cycle between them.
  if (rollups) rollups.push(result);
  else await writeRollups(tx, [result]);
  if (sessionId) {
    const started = await settleSession({ tx, accountId: ctx.accountId, sessionId, now });
    if (promoted) mergePromoted(promoted, started);
  }
  return result;
}

/** A result's row as insertCheckResult stores it (also the engine's batch insert, src/domain/runs/record.ts). */
export function resultData({
  ctx,
  check,
  data,
  run,
  sessionId,
  startedAt,
  stoppedAt,
  now,
}: {
  ctx: DomainContext;
  check: Check;
  data: Data;
  run: { id: number; sequenceId: string };
  sessionId: string | null;
  startedAt: Date;
  stoppedAt: Date | null;
  now: Date;
}) {
  return {
    accountId: ctx.accountId,
    checkId: check.id,
    checkRunId: run.id,
    sessionId,
    name: check.name,
    checkType: check.checkType,
    resultType: data.resultType,
    hasFailures: data.hasFailures,
    hasErrors: data.hasErrors,
    isDegraded: data.isDegraded,
    isCancelled: data.isCancelled,
    overMaxResponseTime: data.overMaxResponseTime,
    runLocation: data.runLocation,
    startedAt,
    stoppedAt,
    responseTime: data.responseTime,
    apiCheckResult: json(data.apiCheckResult),
    browserCheckResult: json(data.browserCheckResult),
    multiStepCheckResult: json(data.multiStepCheckResult),
    agenticCheckResult: json(data.agenticCheckResult),
    sslCheckResult: json(data.sslCheckResult),
    attempts: data.attempts,
    sequenceId: data.sequenceId ?? run.sequenceId,
    errorGroupIds: data.errorGroupIds,
    createdAt: now,
  };
}

export function publishRecorded(ctx: DomainContext, results: readonly CheckResult[], promoted?: Promoted) {
  if (promoted) publishQueued(ctx.events, promoted);
  for (const r of results) {
    ctx.events.publish({
      type: "checkResultRecorded",
      accountId: ctx.accountId,
      checkId: r.checkId,
      checkResultId: r.id,
      hasFailures: r.hasFailures,
    });
  }
}
