import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../shared/context.js";
import { ForbiddenError, NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { parseInput } from "../shared/validation.js";
import { checkAssetLink } from "./links.js";
import { listResultAssets } from "./list.js";
import type { AssetRow } from "./rows.js";
import { SignedLinkQuery } from "./schemas.js";
import type { AssetStore } from "./store.js";

/** One asset of a result of the caller's check; any mismatch (account, check, result, id) is NotFound. */
export async function getResultAsset({
  ctx,
  checkId,
  checkResultId,
  assetId,
}: {
  ctx: DomainContext;
  checkId: unknown;
  checkResultId: unknown;
  assetId: unknown;
}): Promise<AssetRow> {
  const { rows } = await listResultAssets({ ctx, checkId, checkResultId, query: {} });
  const row = isUuid(assetId) ? rows.find((r) => r.id === assetId) : undefined;
  if (!row) throw new NotFoundError("asset", String(assetId));
  return row;
}

/** The asset a signed link names: 403 for a signature that is not ours or has expired, 404 for an asset gone since. */
export async function getSignedAsset({
  ctx,
  assetId,
  query,
}: {
  ctx: { db: DbOrTx; now: () => Date };
  assetId: unknown;
  query: unknown;
}): Promise<AssetRow> {
  const link = parseInput(SignedLinkQuery, query, "query");
  if (!isUuid(assetId)) throw new NotFoundError("asset", String(assetId));
  const verdict = await checkAssetLink(ctx.db, assetId, link, ctx.now());
  if (verdict === "invalid") throw new ForbiddenError("the link's signature is not valid");
  if (verdict === "expired") throw new ForbiddenError("the link has expired: list the assets again for a new one");
  const row = await ctx.db.checkResultAsset.findUnique({ where: { id: assetId } });
  if (!row) throw new NotFoundError("asset", assetId);
  return row;
}

/** The asset's file; a row whose file is gone (deleted under it) is NotFound. */
export async function openAsset(store: AssetStore, row: AssetRow) {
  const file = await store.get(row.storageKey);
  if (!file) throw new NotFoundError("asset", row.id);
  return file;
}
