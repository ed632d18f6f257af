import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";

/** SQL: the status of incident `i`'s latest update (INVESTIGATING when it has none). */
export const LATEST_STATUS = Prisma.sql`COALESCE((SELECT u."status" FROM "IncidentUpdate" u WHERE u."incidentId" = i."id"
    ORDER BY u."publicIncidentUpdateDate" DESC, u."createdAt" DESC, u."id" DESC LIMIT 1), 'INVESTIGATING')`;

/**
 * The ids of the account's incidents that are open (`open`: the latest update is not RESOLVED,
 * INVESTIGATING when there is none, as derive.ts has it) or resolved (`!open`): one statement on
 * both databases. The status is derived, not stored, so the latest update is picked in SQL with
 * the order compareNewestFirst uses.
 */
export async function incidentIdsByOpen(ctx: DomainContext, open: boolean): Promise<string[]> {
  const latest = LATEST_STATUS;
  const rows = await ctx.db.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT i."id" FROM "Incident" i WHERE i."accountId" = ${ctx.accountId}
      AND ${latest} ${open ? Prisma.sql`<>` : Prisma.sql`=`} 'RESOLVED'`,
  );
  return rows.map((row) => row.id);
}
