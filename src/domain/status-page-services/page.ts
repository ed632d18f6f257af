import type { DomainContext } from "../shared/context.js";
import { keysetPage, type PageArgs } from "../shared/pagination.js";

/** A keyset page of the account's services, newest first; cursors are the REST nextId format. */
export function pageServices({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  return keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.statusPageService.findMany({ where: { accountId: ctx.accountId, ...where }, orderBy, take }),
  );
}
