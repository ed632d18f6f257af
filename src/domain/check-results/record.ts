import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { nothingPromoted } from "../check-sessions/promote.js";
import { noStatusEffects, runStatusEffects } from "../check-statuses/effects.js";
import { ownedCheck } from "./check.js";
import { insertCheckResult, publishRecorded } from "./insert.js";
import { RecordCheckResultInput } from "./schemas.js";

/**
 * Stores one result of one of the caller's checks and announces it (`checkResultRecorded`). The
 * engine, agents and seeds call this; a FINAL result also finishes its run and, in a check
 * session, moves the session on (PROGRESS, then its outcome once no run is left).
 */
export async function recordCheckResult({ ctx, input }: { ctx: DomainContext; input: unknown }) {
  const data = parseInput(RecordCheckResultInput, input);
  const promoted = nothingPromoted();
  const effects = noStatusEffects();
  const result = await ctx.db.$transaction(async (tx) => {
    const check = await ownedCheck({ ctx, id: data.checkId, db: tx });
    return insertCheckResult({ ctx, tx, check, data, promoted, effects });
  });
  publishRecorded(ctx, [result], promoted);
  await runStatusEffects(ctx, effects);
  return result;
}
