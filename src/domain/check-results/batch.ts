import type { DomainContext } from "../shared/context.js";
import { isUuid } from "../shared/ids.js";
import type { CheckResultRow } from "./rows.js";

/** Rows by id, in the ids' order, null where there is none (a DataLoader batch). */
export function inOrder<T extends { id: string }>(ids: readonly unknown[], rows: readonly T[]): (T | null)[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => (typeof id === "string" ? (byId.get(id) ?? null) : null));
}

/** The uuids among ids: another form cannot name a row, so it is not looked up. */
export const uuids = (ids: readonly unknown[]) => [...new Set(ids.filter(isUuid))];

/** The caller's check results with these ids (GraphQL node lookups): one query. */
export async function getCheckResults({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(CheckResultRow | null)[]> {
  const wanted = uuids(ids);
  const rows = wanted.length
    ? await ctx.db.checkResult.findMany({ where: { accountId: ctx.accountId, id: { in: wanted } } })
    : [];
  return inOrder(ids, rows);
}
