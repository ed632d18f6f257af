import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { statusPageIdsOfIncident } from "../incidents/shown-on.js";
import { getService } from "./get.js";
import { ServiceInput } from "./schemas.js";

export async function updateService({ ctx, id, input }: { ctx: DomainContext; id: unknown; input: unknown }) {
  const service = await getService({ ctx, id });
  const { name } = parseInput(ServiceInput, input);
  const updated = await ctx.db.statusPageService.update({ where: { id: service.id }, data: { name } });
  // The pages showing the service show its new name.
  const statusPageIds = await statusPageIdsOfIncident(ctx.db, ctx.accountId, [service.id]);
  if (statusPageIds.length) ctx.events.publish({ type: "statusPageChanged", accountId: ctx.accountId, statusPageIds });
  return updated;
}
