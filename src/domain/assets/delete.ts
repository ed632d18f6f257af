import type { DbOrTx } from "../../db/client.js";
import type { AssetStore } from "./store.js";

/**
 * Deletes the files and rows of these results' assets: the retention sweep calls it before it
 * deletes the results (the rows have no foreign key, so nothing else would remove the files).
 * Files first: a failure leaves rows that the next sweep finds again, never a file without a row.
 */
export async function deleteAssetsOfResults({
  ctx,
  store,
  resultIds,
}: {
  ctx: { db: DbOrTx };
  store: AssetStore;
  resultIds: readonly string[];
}): Promise<number> {
  if (resultIds.length === 0) return 0;
  const rows = await ctx.db.checkResultAsset.findMany({
    where: { checkResultId: { in: [...resultIds] } },
    select: { id: true, storageKey: true },
  });
  if (rows.length === 0) return 0;
  await store.delete(rows.map((r) => r.storageKey));
  const { count } = await ctx.db.checkResultAsset.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
  return count;
}

/**
 * Deletes the files and rows of assets whose check is gone (a deleted check, or account: its
 * results went by cascade). One grouped read of the assets' check ids a run, then at most
 * `batch` assets per check deleted at a time.
 */
export async function sweepOrphanedAssets({
  ctx,
  store,
  batch = 500,
}: {
  ctx: { db: DbOrTx };
  store: AssetStore;
  batch?: number;
}): Promise<number> {
  const groups = await ctx.db.checkResultAsset.groupBy({ by: ["checkId"] });
  const checkIds = groups.map((g) => g.checkId);
  if (checkIds.length === 0) return 0;
  const alive = new Set(
    (await ctx.db.check.findMany({ where: { id: { in: checkIds } }, select: { id: true } })).map((c) => c.id),
  );
  let deleted = 0;
  for (const checkId of checkIds.filter((id) => !alive.has(id))) {
    for (;;) {
      const rows = await ctx.db.checkResultAsset.findMany({
        where: { checkId },
        select: { id: true, storageKey: true },
        take: batch,
      });
      if (rows.length === 0) break;
      await store.delete(rows.map((r) => r.storageKey));
      deleted += (await ctx.db.checkResultAsset.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } })).count;
    }
  }
  return deleted;
}
