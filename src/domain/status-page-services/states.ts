import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { LATEST_STATUS } from "../incidents/open.js";
import { worst, type Severity, type State } from "../status-pages/public/state.js";

/**
 * Each service's state as its status pages show it (state.ts): the worst severity of the open
 * incidents naming it, null when operational. One statement for every id; in the ids' order.
 */
export async function statesOfServices(ctx: DomainContext, ids: readonly string[]): Promise<State[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.$queryRaw<{ serviceId: string; severity: Severity }[]>(
    Prisma.sql`SELECT s."serviceId", i."severity" FROM "IncidentService" s JOIN "Incident" i ON i."id" = s."incidentId"
      WHERE i."accountId" = ${ctx.accountId} AND s."serviceId" IN (${Prisma.join(ids)})
      AND ${LATEST_STATUS} <> 'RESOLVED'`,
  );
  const severities = new Map<string, Severity[]>();
  for (const row of rows) severities.set(row.serviceId, [...(severities.get(row.serviceId) ?? []), row.severity]);
  return ids.map((id) => worst(severities.get(id) ?? []));
}
