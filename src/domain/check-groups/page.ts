import { z } from "zod";
import type { DomainContext } from "../shared/context.js";
import { keysetPage, type PageArgs } from "../shared/pagination.js";
import { searchForm } from "../shared/search-form.js";
import { parseInput } from "../shared/validation.js";
import { checkGroupInclude } from "./rows.js";

/** GraphQL `checkGroups`' filter: a part of the name, as the checks list's `search`. */
const GroupSearch = z.object({ search: z.string().max(255).optional() });

/** A keyset page of the account's groups, newest first (GraphQL connections), those whose name holds `search` if given. */
export function pageCheckGroups({ ctx, args, search }: { ctx: DomainContext; args: PageArgs; search?: string | null }) {
  const part = parseInput(GroupSearch, { search: search ?? undefined }, "query").search;
  const filter = part ? { searchName: { contains: searchForm(part) } } : {};
  return keysetPage(
    args,
    "createdAt",
    (where, orderBy, take) =>
      ctx.db.checkGroup.findMany({
        where: { accountId: ctx.accountId, ...filter, ...where },
        orderBy,
        take,
        include: checkGroupInclude,
      }),
    "number",
  );
}
