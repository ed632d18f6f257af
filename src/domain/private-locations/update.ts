import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { findPrivateLocation, getPrivateLocation } from "./get.js";
import { UpdatePrivateLocationInput } from "./schemas.js";

/** PUT: name is replaced; an omitted icon or proxyUrl keeps its stored value (null clears proxyUrl). */
export async function updatePrivateLocation({ ctx, id, input }: { ctx: DomainContext; id: unknown; input: unknown }) {
  const current = await findPrivateLocation({ ctx, id });
  const data = withoutResponseFields(parseInput(UpdatePrivateLocationInput, input));
  await ctx.db.privateLocation.update({ where: { id: current.id }, data });
  return getPrivateLocation({ ctx, id: current.id });
}
