import type { DomainContext } from "../shared/context.js";
import { keysetPage, type Page, type PageArgs } from "../shared/pagination.js";
import { privateLocationInclude } from "./rows.js";
import { toPrivateLocationViews, type PrivateLocationView } from "./view.js";

/** A keyset page of the account's locations, newest first, with their keys and queue sizes (three queries). */
export async function pagePrivateLocations({
  ctx,
  args,
}: {
  ctx: DomainContext;
  args: PageArgs;
}): Promise<Page<PrivateLocationView>> {
  const page = await keysetPage(
    args,
    "createdAt",
    (where, orderBy, take) =>
      ctx.db.privateLocation.findMany({
        where: { accountId: ctx.accountId, ...where },
        orderBy,
        take,
        include: privateLocationInclude,
      }),
    "string",
  );
  return { ...page, nodes: await toPrivateLocationViews(ctx, page.nodes) };
}
