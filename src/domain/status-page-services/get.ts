import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";

/** The service of the caller's account; another account's id, or a non-uuid, is NotFound. */
export async function getService({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const service = isUuid(id)
    ? await ctx.db.statusPageService.findFirst({ where: { id, accountId: ctx.accountId } })
    : null;
  if (!service) throw new NotFoundError("service", String(id));
  return service;
}
