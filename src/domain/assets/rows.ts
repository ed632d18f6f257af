import type { CheckResultAsset } from "../../generated/sqlite/client.js";

export type AssetRow = CheckResultAsset;

/** Where an asset's file is stored: ids only, grouped by account, check and result. */
export function storageKeyOf(a: { accountId: string; checkId: string; checkResultId: string; id: string }): string {
  return `${a.accountId}/${a.checkId}/${a.checkResultId}/${a.id}`;
}
