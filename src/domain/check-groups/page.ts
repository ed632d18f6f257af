import type { DomainContext } from "../context.js";
import { parseIntId } from "../ids.js";
import { keysetPage, type PageArgs } from "../pagination.js";
import { withSubscriptions, type CheckGroupWithSubscriptions } from "./get.js";

/** A keyset page of the account's groups, newest first (GraphQL connections). */
export function pageCheckGroups({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  return keysetPage(
    args,
    "createdAt",
    (where, orderBy, take) =>
      ctx.db.checkGroup.findMany({
        where: { accountId: ctx.accountId, ...where },
        orderBy,
        take,
        include: withSubscriptions,
      }),
    "number",
  );
}

/** The account's groups with these ids, in the ids' order (null where there is none): one query. */
export async function getCheckGroups({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(CheckGroupWithSubscriptions | null)[]> {
  const wanted = ids.map(parseIntId);
  const valid = wanted.filter((id): id is number => id !== null);
  const rows = valid.length
    ? await ctx.db.checkGroup.findMany({
        where: { accountId: ctx.accountId, id: { in: valid } },
        include: withSubscriptions,
      })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}
