import type { DomainContext } from "../shared/context.js";
import { parseIntId } from "../shared/ids.js";
import { checkGroupInclude, type CheckGroupRow } from "./rows.js";

/** The account's groups with these ids, in the ids' order (null where there is none): one query. */
export async function getCheckGroups({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(CheckGroupRow | null)[]> {
  const wanted = ids.map(parseIntId);
  const valid = wanted.filter((id): id is number => id !== null);
  const rows = valid.length
    ? await ctx.db.checkGroup.findMany({
        where: { accountId: ctx.accountId, id: { in: valid } },
        include: checkGroupInclude,
      })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}
