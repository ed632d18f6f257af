import type { DomainContext } from "../shared/context.js";
import { findStatusPage } from "./get.js";

/** Deletes the page with its cards and keys; services and incidents stay (they belong to the account). */
export async function deleteStatusPage({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const page = await findStatusPage(ctx.db, ctx.accountId, id);
  await ctx.db.statusPage.deleteMany({ where: { id: page.id, accountId: ctx.accountId } });
  ctx.events.publish({ type: "statusPageChanged", accountId: ctx.accountId, statusPageIds: [page.id] });
}
