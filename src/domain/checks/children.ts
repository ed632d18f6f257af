import type { DomainContext } from "../shared/context.js";
import { keysetPage, type Page, type PageArgs } from "../shared/pagination.js";
import { checkInclude, type CheckRow } from "./rows.js";

/** One group's page wanted by a batch: the group and the connection arguments. */
export type GroupChecksKey = { groupId: number; args: PageArgs };

/**
 * Keyset pages (newest first) of the checks of several groups: one query for all the groups that
 * ask with the same arguments (the usual case: one nested `checks(first: n)` under a list of
 * groups), whatever their number. Results come in the keys' order. The groups are not checked
 * here: they come from the caller's account already, and the query filters by account anyway.
 */
export async function pageGroupChecks({
  ctx,
  keys,
}: {
  ctx: DomainContext;
  keys: readonly GroupChecksKey[];
}): Promise<Page<CheckRow>[]> {
  const byArgs = new Map<string, GroupChecksKey[]>();
  for (const key of keys) {
    const signature = JSON.stringify([key.args.first, key.args.after, key.args.last, key.args.before]);
    const same = byArgs.get(signature);
    if (same) same.push(key);
    else byArgs.set(signature, [key]);
  }
  const pages = new Map<GroupChecksKey, Page<CheckRow>>();
  await Promise.all(
    [...byArgs.values()].map(async (sameArgs) => {
      const groupIds = [...new Set(sameArgs.map((key) => key.groupId))];
      // keysetPage builds the same condition and order for every group of this set: the first
      // group's call runs the one query, and each group takes its own rows from it.
      let rows: Promise<Map<number, CheckRow[]>> | undefined;
      const rowsOf = (where: Record<string, unknown>, orderBy: Record<string, "asc" | "desc">[]) =>
        (rows ??= ctx.db.check
          .findMany({
            where: { accountId: ctx.accountId, groupId: { in: groupIds }, ...where },
            orderBy,
            include: checkInclude,
          })
          .then((found) => {
            const byGroup = new Map<number, CheckRow[]>();
            for (const row of found) {
              const list = byGroup.get(row.groupId!);
              if (list) list.push(row);
              else byGroup.set(row.groupId!, [row]);
            }
            return byGroup;
          }));
      await Promise.all(
        sameArgs.map(async (key) => {
          const page = await keysetPage(
            key.args,
            "createdAt",
            async (where, orderBy, take) => ((await rowsOf(where, orderBy)).get(key.groupId) ?? []).slice(0, take),
            "string",
          );
          pages.set(key, page);
        }),
      );
    }),
  );
  return keys.map((key) => pages.get(key)!);
}
