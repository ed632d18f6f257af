import type { DomainContext } from "../context.js";
import { keysetPage, type Page, type PageArgs } from "../pagination.js";
import { incidentViews, type IncidentView } from "./view.js";

/** A keyset page of the account's incidents, newest first (created_at, id): the REST nextId cursors. */
export async function pageIncidents({
  ctx,
  args,
}: {
  ctx: DomainContext;
  args: PageArgs;
}): Promise<Page<IncidentView>> {
  const page = await keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.incident.findMany({ where: { accountId: ctx.accountId, ...where }, orderBy, take }),
  );
  return { ...page, nodes: await incidentViews(ctx, page.nodes) };
}
