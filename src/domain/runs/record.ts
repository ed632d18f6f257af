import type { CheckResult } from "../../generated/sqlite/client.js";
import { insertCheckResult, publishRecorded } from "../check-results/insert.js";
import { nothingPromoted, publishQueued } from "../check-sessions/promote.js";
import { noStatusEffects, runStatusEffects, type StatusEffects } from "../check-statuses/effects.js";
import { RecordCheckResultInput } from "../check-results/schemas.js";
import type { DomainContext, SystemContext } from "../shared/context.js";
import { writeRollups, type RollupInput } from "../rollups/index.js";
import { parseInput } from "../shared/validation.js";
import type { CheckRunRow } from "./rows.js";
import { inBatch, writeHeld, type Data } from "./write-held.js";

/**
 * One try of a run held by `owner`, as the engine records it: the lease is renewed by `leaseMs`
 * first. With the run's own fields (the claimed row), a try of a run outside a check session is
 * written with the batch's others (see writeHeld); else the run is read as insertCheckResult does.
 */
export type HeldTry = {
  run: { id: number; accountId: string } & Partial<
    Pick<CheckRunRow, "checkId" | "sequenceId" | "sequenceSize" | "sessionId">
  >;
  check: { id: string; name: string; checkType: string };
  owner: string;
  leaseMs: number;
  /** A RecordCheckResultInput (validated here). */
  input: unknown;
};

/**
 * Records tries of runs their runners hold, many in one transaction: at thousands of runs a
 * minute, a transaction per result spends more on BEGIN/COMMIT (and on SQLite's one writer) than
 * on the rows. Each try first renews its run's lease with a compare-and-set; a try whose run was
 * lost (cancelled, or its lease expired and another runner took it) records nothing and gets
 * null; a recorded try gets its result. Tries of scheduled runs go together (writeHeld: a few
 * statements for the batch); a session's go one by one. Inputs are validated before the
 * transaction; if the transaction fails anyway, each try is recorded alone, so one bad try cannot
 * take the others down.
 */
export async function recordHeldTries({
  ctx: deps,
  tries,
}: {
  ctx: SystemContext;
  tries: readonly HeldTry[];
}): Promise<(CheckResult | null | Error)[]> {
  const parsed = tries.map((t) => {
    try {
      return parseInput(RecordCheckResultInput, t.input);
    } catch (error) {
      return error as Error;
    }
  });
  const ctxOf = (accountId: string): DomainContext => ({ ...deps, accountId });
  const promoted = nothingPromoted();
  // Effects of the transaction that committed: a failed batch's are dropped with it.
  const committed: StatusEffects[] = [];
  const write = (indexes: number[]) =>
    deps.db.$transaction(async (tx) => {
      const effects = noStatusEffects();
      // The batch's results reach their hourly and daily rollups in one upsert, not one per result.
      const rollups: RollupInput[] = [];
      const outcome: { index: number; result: CheckResult | null }[] = [];
      const batched = indexes.filter((index) => inBatch(tries[index]!, parsed[index] as Data));
      const held = await writeHeld({
        ctx: deps,
        tx,
        tries: batched.map((index) => ({ t: tries[index]!, data: parsed[index] as Data })),
      });
      for (const index of indexes) {
        const t = tries[index]!;
        const data = parsed[index] as Data;
        const one = held.get(t);
        if (one) {
          outcome.push({ index, result: one.result });
          if (one.result) await one.decide(effects, rollups);
          continue;
        }
        const now = deps.now();
        const { count } = await tx.checkRun.updateMany({
          where: { id: t.run.id, accountId: t.run.accountId, status: "RUNNING", leaseOwner: t.owner },
          data: { leaseExpiresAt: new Date(now.getTime() + t.leaseMs) },
        });
        outcome.push({
          index,
          result:
            count === 1
              ? await insertCheckResult({
                  ctx: ctxOf(t.run.accountId),
                  tx,
                  check: t.check,
                  data,
                  promoted,
                  effects,
                  rollups,
                })
              : null,
        });
      }
      await writeRollups(tx, rollups);
      return { outcome, effects };
    });

  const answers: (CheckResult | null | Error)[] = parsed.map((p) => (p instanceof Error ? p : null));
  const valid = parsed.flatMap((p, index) => (p instanceof Error ? [] : [index]));
  const record = ({
    outcome: written,
    effects,
  }: {
    outcome: { index: number; result: CheckResult | null }[];
    effects: StatusEffects;
  }) => {
    committed.push(effects);
    for (const { index, result } of written) {
      answers[index] = result;
      if (result) publishRecorded(ctxOf(tries[index]!.run.accountId), [result]);
    }
  };
  try {
    if (valid.length) record(await write(valid));
  } catch {
    for (const index of valid) {
      try {
        record(await write([index]));
      } catch (error) {
        answers[index] = error as Error;
      }
    }
  }
  publishQueued(deps.events, promoted);
  for (const effects of committed) await runStatusEffects(deps, effects);
  return answers;
}
