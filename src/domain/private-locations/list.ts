import type { DomainContext } from "../shared/context.js";
import { privateLocationInclude } from "./rows.js";
import { toPrivateLocationViews } from "./view.js";

/** Every private location of the account, newest first (a small per-account list, as the reference: no paging). */
export async function listPrivateLocations({ ctx }: { ctx: DomainContext }) {
  const locations = await ctx.db.privateLocation.findMany({
    where: { accountId: ctx.accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: privateLocationInclude,
  });
  return toPrivateLocationViews(ctx, locations);
}
