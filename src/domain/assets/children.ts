import type { DomainContext } from "../shared/context.js";
import type { AssetRow } from "./rows.js";

/** The assets of many results of the caller's account at once, in the results' order (GraphQL). */
export async function assetsOfResults({
  ctx,
  resultIds,
}: {
  ctx: DomainContext;
  resultIds: readonly string[];
}): Promise<AssetRow[][]> {
  const rows = await ctx.db.checkResultAsset.findMany({
    where: { checkResultId: { in: [...resultIds] }, accountId: ctx.accountId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byResult = new Map<string, AssetRow[]>();
  for (const row of rows) byResult.set(row.checkResultId, [...(byResult.get(row.checkResultId) ?? []), row]);
  return resultIds.map((id) => byResult.get(id) ?? []);
}
