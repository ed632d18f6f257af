import type { DomainContext } from "../shared/context.js";
import { ConflictError } from "../shared/errors.js";
import { isUniqueViolation } from "../shared/prisma-errors.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { insertAgentKey } from "./create-key.js";
import { CreatePrivateLocationInput } from "./schemas.js";

/**
 * Creates the location with its first agent key in one transaction (as the reference document's
 * create response carries a key), so that an agent can connect at once. The key is shown only here.
 */
export async function createPrivateLocation({ ctx, input }: { ctx: DomainContext; input: unknown }) {
  const data = withoutResponseFields(parseInput(CreatePrivateLocationInput, input));
  try {
    return await ctx.db.$transaction(async (tx) => {
      const location = await tx.privateLocation.create({ data: { ...data, accountId: ctx.accountId } });
      const key = await insertAgentKey(tx, location.id);
      return { ...location, keys: [key], queueSize: 0, agentCount: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(`slugName ${JSON.stringify(data.slugName)} is already taken by another private location`);
    throw error;
  }
}
