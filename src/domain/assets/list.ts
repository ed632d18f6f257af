import { getCheckResult } from "../check-results/get.js";
import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { ListAssetsQuery } from "./schemas.js";

/** A result of one of the caller's checks and its assets (by kind when `type` is given); another account's result is NotFound. */
export async function listResultAssets({
  ctx,
  checkId,
  checkResultId,
  query,
}: {
  ctx: DomainContext;
  checkId: unknown;
  checkResultId: unknown;
  query: unknown;
}) {
  const { type } = parseInput(ListAssetsQuery, query ?? {}, "query");
  const result = await getCheckResult({ ctx, checkId, id: checkResultId });
  const kinds = type === undefined ? undefined : [type].flat();
  const rows = await ctx.db.checkResultAsset.findMany({
    where: { checkResultId: result.id, accountId: ctx.accountId, ...(kinds ? { kind: { in: kinds } } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { result, rows };
}
