import type { DbOrTx } from "../../db/client.js";
import { signAssetLink } from "./links.js";
import type { AssetRow } from "./rows.js";
import { assetKindOf, type AssetKind } from "./schemas.js";

/** One entry of the reference's AssetManifest, with the size and a signed link besides. */
export type AssetView = {
  id: string;
  type: AssetKind;
  name: string;
  contentType: string;
  size: number;
  /** Downloads with the API key. */
  url: string;
  /** Downloads without a key until `signedUrlExpiresAt` (15 minutes). */
  signedUrl: string;
  signedUrlExpiresAt: string;
  source: { type: "check-result"; checkId: string; checkName: string; checkType?: string; resultId: string };
  createdAt: Date;
};

/** The shown shape of a result's assets: URLs under `publicUrl` (no trailing slash). */
export async function toAssetViews({
  ctx,
  result,
  rows,
}: {
  ctx: { db: DbOrTx; now: () => Date; publicUrl?: string | undefined };
  result: { id: string; checkId: string; name: string; checkType?: string };
  rows: readonly AssetRow[];
}): Promise<AssetView[]> {
  const base = ctx.publicUrl ?? "";
  const now = ctx.now();
  return Promise.all(
    rows.map(async (row) => {
      const { expires, signature } = await signAssetLink(ctx.db, row.id, now);
      return {
        id: row.id,
        type: assetKindOf(row.kind),
        name: row.name,
        contentType: row.contentType,
        size: row.size,
        url: `${base}/v1/check-results/${row.checkId}/${row.checkResultId}/assets/${row.id}`,
        signedUrl: `${base}/v1/assets/${row.id}?expires=${expires}&signature=${signature}`,
        signedUrlExpiresAt: new Date(expires * 1000).toISOString(),
        source: {
          type: "check-result",
          checkId: row.checkId,
          checkName: result.name,
          ...(result.checkType ? { checkType: result.checkType } : {}),
          resultId: row.checkResultId,
        },
        createdAt: row.createdAt,
      };
    }),
  );
}
