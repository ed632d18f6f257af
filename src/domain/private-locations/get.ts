import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { privateLocationInclude } from "./rows.js";
import { toPrivateLocationViews } from "./view.js";

/** The location row of the caller's account; another account's id, or a non-uuid, is NotFound. */
export async function findPrivateLocation({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const location = isUuid(id)
    ? await ctx.db.privateLocation.findFirst({
        where: { id, accountId: ctx.accountId },
        include: privateLocationInclude,
      })
    : null;
  if (!location) throw new NotFoundError("private location", String(id));
  return location;
}

export async function getPrivateLocation({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const [view] = await toPrivateLocationViews(ctx, [await findPrivateLocation({ ctx, id })]);
  return view!;
}
