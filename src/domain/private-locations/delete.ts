import { DbNull } from "@prisma/client/runtime/client";
import type { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { ConflictError } from "../shared/errors.js";
import { findPrivateLocation } from "./get.js";

const listed = { privateLocations: { not: DbNull as Prisma.NullableJsonNullValueInput } };

const names = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * Deletes a location with its keys and queued runs. A location that checks or check groups still
 * name in `privateLocations` (by slug or id) is a 409, as the reference document answers: deleting
 * it would leave them pointing nowhere.
 */
export async function deletePrivateLocation({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const location = await findPrivateLocation({ ctx, id });
  const uses = (row: { privateLocations: unknown }) =>
    names(row.privateLocations).some((name) => name === location.slugName || name === location.id);
  await ctx.db.$transaction(async (tx) => {
    const checks = await tx.check.findMany({
      where: { accountId: ctx.accountId, ...listed },
      select: { privateLocations: true },
    });
    const groups = await tx.checkGroup.findMany({
      where: { accountId: ctx.accountId, ...listed },
      select: { privateLocations: true },
    });
    const users = checks.filter(uses).length + groups.filter(uses).length;
    if (users > 0)
      throw new ConflictError(
        `private location ${JSON.stringify(location.slugName)} is used by ${users} check(s) or group(s); remove it from them first`,
      );
    await tx.privateLocation.delete({ where: { id: location.id } });
  });
}
