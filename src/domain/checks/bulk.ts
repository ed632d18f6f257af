import { z } from "zod";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { parseInput } from "../shared/validation.js";
import { getChecks } from "./batch.js";
import type { CheckRow } from "./rows.js";
import { applyCheckUpdate } from "./update.js";

/** The most checks one bulk action takes: a page of the app's list, with room. */
export const MAX_BULK_CHECKS = 500;

const BulkIds = z.array(z.string().min(1).max(255)).min(1).max(MAX_BULK_CHECKS);
const BulkUpdate = z
  .strictObject({
    activated: z.boolean().optional(),
    muted: z.boolean().optional(),
    // The check group to move the checks into (its REST id); null takes them out of their group.
    groupId: z.number().int().positive().nullable().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "send activated, muted, groupId or several",
  });

/** Every id must name one of the account's checks, or nothing is done (another account's is not found). */
async function ownChecks(ctx: DomainContext, ids: unknown): Promise<CheckRow[]> {
  const wanted = [...new Set(parseInput(BulkIds, ids, "payload").map((id) => id.toLowerCase()))];
  const rows = await getChecks({ ctx, ids: wanted });
  const missing = wanted.find((_, i) => rows[i] === null);
  if (missing !== undefined) throw new NotFoundError("check", missing);
  return rows as CheckRow[];
}

/**
 * Pauses, resumes, mutes, unmutes or moves (into a group or out of it) many checks (the app's bulk
 * actions) through the same write as a single update, so that each change reaches the engine as an
 * edit does; a group that is not the account's is refused before any check changes.
 */
export async function bulkUpdateChecks({
  ctx,
  ids,
  input,
}: {
  ctx: DomainContext;
  ids: unknown;
  input: unknown;
}): Promise<CheckRow[]> {
  const values = parseInput(BulkUpdate, input, "payload");
  const checks = await ownChecks(ctx, ids);
  const saved: CheckRow[] = [];
  for (const check of checks) saved.push(await applyCheckUpdate(ctx, check, values));
  return saved;
}

/** Deletes many checks at once, or none when one id is not the account's. Returns the deleted rows. */
export async function bulkDeleteChecks({ ctx, ids }: { ctx: DomainContext; ids: unknown }): Promise<CheckRow[]> {
  const checks = await ownChecks(ctx, ids);
  await ctx.db.check.deleteMany({ where: { accountId: ctx.accountId, id: { in: checks.map((check) => check.id) } } });
  return checks;
}
