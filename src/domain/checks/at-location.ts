import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";

/**
 * The ids of the account's checks that run at `location` (a data-center location, or a private
 * location's slug): one statement. The locations are stored as JSON arrays, which Prisma cannot
 * filter on SQLite, so the array's text is matched with the quoted name (a slug or a location
 * name has no quote in it, so "x" cannot match inside another name), on both databases.
 */
export async function checkIdsAtLocation(ctx: DomainContext, location: string): Promise<string[]> {
  if (!/^[a-z0-9-]{1,64}$/.test(location))
    throw new ValidationError("location is not a location's name or a private location's slug", ["location"], "query");
  const quoted = `%${JSON.stringify(location)}%`;
  const rows = await ctx.db.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT "id" FROM "Check" WHERE "accountId" = ${ctx.accountId}
      AND (CAST("locations" AS TEXT) LIKE ${quoted} OR CAST("privateLocations" AS TEXT) LIKE ${quoted})`,
  );
  return rows.map((row) => row.id);
}
