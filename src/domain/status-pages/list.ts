import type { DomainContext } from "../shared/context.js";
import { nextIdPage } from "../shared/pagination.js";
import { parseInput } from "../shared/validation.js";
import { statusPageInclude } from "./rows.js";
import { toStatusPageViews } from "./view.js";
import { ListStatusPagesQuery } from "./schemas.js";

/** Newest first, keyset on (created_at, id) behind an opaque nextId. */
export async function listStatusPages({ ctx, query }: { ctx: DomainContext; query: unknown }) {
  const { limit, nextId } = parseInput(ListStatusPagesQuery, query, "query");
  const page = await nextIdPage({ limit, nextId }, "createdAt", (where, orderBy, take) =>
    ctx.db.statusPage.findMany({
      where: { accountId: ctx.accountId, ...where },
      include: statusPageInclude,
      orderBy,
      take,
    }),
  );
  return { entries: await toStatusPageViews(ctx.db, ctx.accountId, page.entries), nextId: page.nextId };
}
