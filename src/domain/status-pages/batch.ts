import type { DomainContext } from "../shared/context.js";
import { isUuid } from "../shared/ids.js";

/** The account's pages with these ids, in the ids' order (null where there is none): one query. */
export async function getStatusPages({ ctx, ids }: { ctx: DomainContext; ids: readonly unknown[] }) {
  const wanted = ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.statusPage.findMany({ where: { accountId: ctx.accountId, id: { in: valid } } })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}
