import type { DbOrTx } from "../../db/client.js";
import type { CheckResult } from "../../generated/sqlite/client.js";
import { parallelRunOutcome } from "../alert-rules/decide.js";
import { resultOutcome } from "../alert-rules/in-force.js";
import { toAlertResult } from "../check-alerts/rows.js";
import type { DomainContext } from "../shared/context.js";
import type { StatusEffects } from "./effects.js";
import { recordCheckStatus, type StatusObservation } from "./record.js";
import type { CheckStatusRow, RunFacts } from "./rows.js";

export const DEFAULT_PUBLIC_URL = "http://127.0.0.1:3000";

function factsOf(
  results: readonly Pick<CheckResult, "hasFailures" | "hasErrors" | "isDegraded" | "responseTime">[],
  last: CheckResult,
): RunFacts {
  const times = results.map((r) => r.responseTime);
  return {
    hasFailures: results.some((r) => r.hasFailures),
    hasErrors: results.some((r) => r.hasErrors),
    isDegraded: results.some((r) => r.isDegraded === true),
    longestRun: times.length ? Math.max(...times) : null,
    shortestRun: times.length ? Math.min(...times) : null,
    lastRunLocation: last.runLocation,
    lastCheckRunId: last.checkRunId,
    lastResultId: last.id,
    lastRunAt: last.stoppedAt ?? last.startedAt,
  };
}

/**
 * The alert decision of a recorded result, in its transaction (called by insertCheckResult). ATTEMPT
 * results and cancelled runs never count. A run at several locations (`sequenceSize` runs sharing
 * the sequenceId) is decided once, by the transaction that records its last location's FINAL, with
 * parallelRunOutcome over the FINALs that were not cancelled.
 */
export async function recordResultStatus({
  ctx,
  tx,
  result,
  sequenceSize,
  effects,
  status,
}: {
  ctx: DomainContext;
  tx: DbOrTx;
  result: CheckResult;
  sequenceSize: number;
  effects: StatusEffects;
  /** The check's status row as the caller read it already (see recordCheckStatus's `read`). */
  status?: CheckStatusRow;
}): Promise<void> {
  if (result.resultType !== "FINAL") return;
  if (sequenceSize <= 1 && result.isCancelled) return;
  const at = result.stoppedAt ?? result.startedAt;
  await recordCheckStatus({
    tx,
    accountId: ctx.accountId,
    checkId: result.checkId,
    now: ctx.now(),
    publicUrl: ctx.publicUrl ?? DEFAULT_PUBLIC_URL,
    effects,
    ...(status ? { read: status } : {}),
    observe: async (context): Promise<StatusObservation | null> => {
      if (sequenceSize <= 1) {
        return {
          kind: "run",
          outcome: resultOutcome(result),
          at,
          facts: factsOf([result], result),
          result: toAlertResult(result),
        };
      }
      const finals = await tx.checkResult.findMany({
        where: { sequenceId: result.sequenceId, checkId: result.checkId, resultType: "FINAL" },
        select: {
          checkRunId: true,
          hasFailures: true,
          hasErrors: true,
          isDegraded: true,
          isCancelled: true,
          responseTime: true,
        },
      });
      const runs = new Map(finals.map((f) => [f.checkRunId, f]));
      const counted = [...runs.values()].filter((f) => !f.isCancelled);
      if (runs.size < sequenceSize) {
        return {
          kind: "run",
          outcome: null,
          at,
          facts: result.isCancelled ? {} : factsOf([result], result),
          result: null,
        };
      }
      if (counted.length === 0) return null;
      const rules = (await context())?.rules;
      if (!rules) return null;
      const outcome = parallelRunOutcome(rules, counted.map(resultOutcome));
      return { kind: "run", outcome, at, facts: factsOf(counted, result), result: toAlertResult(result) };
    },
  });
}
