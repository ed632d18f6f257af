import type { DbOrTx } from "../../db/client.js";
import type { Incident, IncidentUpdate } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../context.js";
import { readRows } from "../raw-reads.js";
import { servicesOfIncidents } from "../status-page-services/children.js";
import { deriveIncident } from "./derive.js";
import { incidentInclude, type IncidentRow } from "./rows.js";

/** An incident as every adapter shows it: its services, its updates newest first, and the derived fields. */
export function toIncidentView({ services, updates, ...incident }: IncidentRow) {
  return { ...incident, services: services.map((link) => link.service), ...deriveIncident(updates) };
}
export type IncidentView = ReturnType<typeof toIncidentView>;

/** Incidents newest first (created_at, then id), with what they show, in a fixed number of queries. */
export async function findIncidentViews(
  db: DbOrTx,
  where: Prisma.IncidentWhereInput,
  take?: number,
): Promise<IncidentView[]> {
  const rows = await db.incident.findMany({
    where,
    include: incidentInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
  return rows.map(toIncidentView);
}

/**
 * Incident rows of the caller's account as views (services, updates newest first, derived
 * status and duration, as toIncidentView shows them). `shownOnStatusPageId` keeps only the services that
 * page shows (a public page's visitor).
 */
export async function incidentViews(
  ctx: DomainContext,
  rows: readonly Incident[],
  options: { shownOnStatusPageId?: string } = {},
): Promise<IncidentView[]> {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((row) => row.id))];
  const [services, updates] = await Promise.all([
    servicesOfIncidents(ctx, ids, options),
    // No ORDER BY: the views sort each incident's updates (derive.ts), and SQLite would sort them all first.
    // Raw: a nested status-page query reads 1,000 of them, and Prisma's findMany mapping cost a
    // quarter more CPU than the raw read of the same columns.
    readRows<IncidentUpdate>(
      ctx,
      Prisma.sql`
      SELECT "id", "incidentId", "description", "status", "publicIncidentUpdateDate", "notifySubscribers", "createdAt", "updatedAt"
      FROM "IncidentUpdate" WHERE "incidentId" IN (${Prisma.join(ids)})`,
    ),
  ]);
  const servicesOf = new Map(ids.map((id, i) => [id, services[i]!]));
  const updatesOf = groupBy(updates, (update) => update.incidentId);
  // toIncidentView's view, made without its join rows.
  return rows.map((incident) => ({
    ...incident,
    services: servicesOf.get(incident.id)!,
    ...deriveIncident(updatesOf.get(incident.id) ?? []),
  }));
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}
