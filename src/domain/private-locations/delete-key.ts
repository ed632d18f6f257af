import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { findPrivateLocation } from "./get.js";

/** Revokes one agent key of one of the caller's locations; a key of another location is NotFound. */
export async function deleteAgentKey({ ctx, id, keyId }: { ctx: DomainContext; id: unknown; keyId: unknown }) {
  const location = await findPrivateLocation({ ctx, id });
  const { count } = isUuid(keyId)
    ? await ctx.db.agentKey.deleteMany({ where: { id: keyId, privateLocationId: location.id } })
    : { count: 0 };
  if (count === 0) throw new NotFoundError("private location key", String(keyId));
}
