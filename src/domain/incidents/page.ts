import type { DomainContext } from "../shared/context.js";
import { keysetPage, type Page, type PageArgs } from "../shared/pagination.js";
import { incidentIdsByOpen } from "./open.js";
import { incidentViews, type IncidentView } from "./view.js";

/**
 * A keyset page of the account's incidents, newest first (created_at, id): the REST nextId cursors.
 * `open` keeps the open (true) or resolved (false) ones, filtered in SQL, so no page misses one.
 */
export async function pageIncidents({
  ctx,
  args,
  open,
}: {
  ctx: DomainContext;
  args: PageArgs;
  open?: boolean | null;
}): Promise<Page<IncidentView>> {
  const ids = open == null ? undefined : { in: await incidentIdsByOpen(ctx, open) };
  const page = await keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.incident.findMany({ where: { accountId: ctx.accountId, ...(ids && { id: ids }), ...where }, orderBy, take }),
  );
  return { ...page, nodes: await incidentViews(ctx, page.nodes) };
}
