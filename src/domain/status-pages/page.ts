import type { DomainContext } from "../context.js";
import { keysetPage, type PageArgs } from "../pagination.js";

/**
 * GraphQL reads of status pages: bare page rows, whose cards, keys and incidents are loaded per
 * batch of pages (children.ts), so that a list of pages costs the same few queries as one page.
 */

/** A keyset page of the account's status pages, newest first; cursors are the REST nextId format. */
export function pageStatusPages({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  return keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.statusPage.findMany({ where: { accountId: ctx.accountId, ...where }, orderBy, take }),
  );
}
