import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.js";
import type { CheckResult } from "../../generated/sqlite/client.js";
import { resultData } from "../check-results/insert.js";
import type { RecordCheckResultInput } from "../check-results/schemas.js";
import type { StatusEffects } from "../check-statuses/effects.js";
import { recordResultStatus } from "../check-statuses/results.js";
import type { CheckStatusRow } from "../check-statuses/rows.js";
import type { SystemContext } from "../shared/context.js";
import type { RollupInput } from "../rollups/index.js";
import { holdRuns, type HeldRun } from "./hold.js";
import { insertResults } from "./insert-results.js";
import type { HeldTry } from "./record.js";
import type { CheckRunRow } from "./rows.js";

export type Data = z.output<typeof RecordCheckResultInput>;
type Run = HeldTry["run"] & Pick<CheckRunRow, "checkId" | "sequenceId" | "sequenceSize">;

/**
 * Whether a try goes with its batch's others: its run is the claimed row (so nothing need be read
 * of it), of the try's check, outside a check session (whose results move the session on: they go
 * one by one through insertCheckResult).
 */
export function inBatch(t: HeldTry, data: Data): boolean {
  const run = t.run;
  return (
    run.checkId === t.check.id &&
    run.sequenceId !== undefined &&
    run.sequenceSize !== undefined &&
    !run.sessionId &&
    !data.sessionId &&
    data.checkRunId === run.id
  );
}

/** A batched try's result (null: its run was lost) and, once recorded, its status decision. */
export type WrittenTry = {
  result: CheckResult | null;
  decide: (effects: StatusEffects, rollups: RollupInput[]) => Promise<void>;
};

/**
 * Writes a batch's tries as insertCheckResult writes one, in a few statements for the whole batch
 * instead of six for each: one compare-and-set renewing the runs' leases and finishing those of
 * FINAL results (holdRuns), one INSERT of the results, one read of their checks' statuses. Each
 * result's alert decision (`decide`, called by the caller in the tries' order) starts from the
 * status as read, with the same compare-and-set on its version as ever.
 */
export async function writeHeld({
  ctx,
  tx,
  tries,
}: {
  ctx: SystemContext;
  tx: DbOrTx;
  tries: readonly { t: HeldTry; data: Data }[];
}): Promise<Map<HeldTry, WrittenTry>> {
  const out = new Map<HeldTry, WrittenTry>();
  if (tries.length === 0) return out;
  const now = ctx.now();
  const runs: (HeldRun & { owner: string })[] = tries.map(({ t, data }) => ({
    id: t.run.id,
    accountId: t.run.accountId,
    owner: t.owner,
    leaseExpiresAt: new Date(now.getTime() + t.leaseMs),
    finish:
      data.resultType === "FINAL"
        ? { status: data.isCancelled ? "CANCELLED" : "DONE", finishedAt: stopped(data, now) ?? now }
        : null,
  }));
  const kept = new Set<number>();
  for (const owner of new Set(runs.map((r) => r.owner)))
    for (const id of await holdRuns(
      tx,
      owner,
      runs.filter((r) => r.owner === owner),
    ))
      kept.add(id);

  const recorded = tries.filter(({ t }) => kept.has(t.run.id));
  const rows = recorded.map(({ t, data }) => ({
    id: randomUUID(),
    ...resultData({
      ctx: { ...ctx, accountId: t.run.accountId },
      check: t.check,
      data,
      run: t.run as Run,
      sessionId: null,
      startedAt: data.startedAt ?? now,
      stoppedAt: stopped(data, now),
      now,
    }),
  }));
  const byId = new Map((await insertResults(tx, rows)).map((r) => [r.id, r]));
  const deciding = rows.filter((row) => row.resultType === "FINAL").map((row) => row.checkId);
  const statuses = new Map<string, CheckStatusRow>(
    deciding.length
      ? (await tx.checkStatus.findMany({ where: { checkId: { in: [...new Set(deciding)] } } })).map((s) => [
          s.checkId,
          s,
        ])
      : [],
  );
  for (const { t } of tries) out.set(t, { result: null, decide: async () => {} });
  for (const [i, { t }] of recorded.entries()) {
    const result = byId.get(rows[i]!.id)!;
    out.set(t, {
      result,
      decide: async (effects, rollups) => {
        // A status row serves the first of its check's results only: the next reads it again.
        const status = statuses.get(result.checkId);
        statuses.delete(result.checkId);
        await recordResultStatus({
          ctx: { ...ctx, accountId: t.run.accountId },
          tx,
          result,
          sequenceSize: (t.run as Run).sequenceSize,
          effects,
          ...(status && status.accountId === t.run.accountId ? { status } : {}),
        });
        rollups.push(result);
      },
    });
  }
  return out;
}

/** When a try stopped, as insertCheckResult stores it: now when not given, null when given so. */
const stopped = (data: Data, now: Date) => (data.stoppedAt === undefined ? now : data.stoppedAt);
