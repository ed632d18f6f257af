import type { DbOrTx } from "../../db/client.js";
import type { Incident, IncidentUpdate } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { readRows } from "../shared/raw-reads.js";
import { servicesOfIncidents, type ServiceColumn } from "../status-page-services/children.js";
import { deriveIncident, incidentDuration, lastUpdateStatus, sortInPlaceNewestFirst } from "./derive.js";
import { incidentInclude, type IncidentRow } from "./rows.js";
import { groupBy } from "../shared/group-by.js";

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

/** An update's columns besides those its incident's view derives from (id, incidentId, status and the dates it sorts by). */
export type UpdateColumn = "description" | "notifySubscribers" | "updatedAt";

/**
 * Which columns of the views' updates and services to read (null: all); the others are undefined.
 * `services: false` reads no service (every view's services are empty): for a reader that shows none.
 */
export type ViewColumns = {
  updates?: readonly UpdateColumn[] | null;
  services?: readonly ServiceColumn[] | null | false;
};

function updateColumns(columns: readonly UpdateColumn[] | null = null) {
  const all = ["description", "status", "publicIncidentUpdateDate", "notifySubscribers", "createdAt", "updatedAt"];
  const optional = (column: string) =>
    column === "description" || column === "notifySubscribers" || column === "updatedAt";
  const wanted = columns ? all.filter((c) => !optional(c) || columns.includes(c as UpdateColumn)) : all;
  return Prisma.raw(["id", "incidentId", ...wanted].map((column) => `"${column}"`).join(", "));
}

/**
 * Incident rows of the caller's account as views (services, updates newest first, derived
 * status and duration, as toIncidentView shows them). `shownOnStatusPageId` keeps only the services that
 * page shows (a public page's visitor).
 */
export async function incidentViews(
  ctx: DomainContext,
  rows: readonly Incident[],
  options: { shownOnStatusPageId?: string; columns?: ViewColumns } = {},
): Promise<IncidentView[]> {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((row) => row.id))];
  const { shownOnStatusPageId, columns } = options;
  const serviceColumns = columns?.services;
  const [services, updates] = await Promise.all([
    serviceColumns === false
      ? ids.map(() => [])
      : servicesOfIncidents(ctx, ids, { ...(shownOnStatusPageId && { shownOnStatusPageId }), columns: serviceColumns }),
    // No ORDER BY: the views sort each incident's updates (derive.ts), and SQLite would sort them all first.
    // Raw: a nested status-page query reads 1,000 of them, and Prisma's findMany mapping cost a
    // quarter more CPU than the raw read of the same columns.
    readRows<IncidentUpdate>(
      ctx,
      Prisma.sql`SELECT ${updateColumns(columns?.updates)} FROM "IncidentUpdate" WHERE "incidentId" IN (${Prisma.join(ids)})`,
    ),
  ]);
  const servicesOf = new Map(ids.map((id, i) => [id, services[i]!]));
  const updatesOf = groupBy(updates, (update) => update.incidentId);
  // toIncidentView's view, made without its join rows, in one object written out field by field
  // (spreading the row and deriveIncident's result copied both, 200 incidents a nested answer;
  // a row may carry more, as the status-page rows their page's id). The updates are sorted in
  // place: each group is this call's own array.
  return rows.map((incident) => {
    const newestFirst = sortInPlaceNewestFirst(updatesOf.get(incident.id) ?? []);
    return {
      id: incident.id,
      accountId: incident.accountId,
      name: incident.name,
      severity: incident.severity,
      createdAt: incident.createdAt,
      updatedAt: incident.updatedAt,
      services: servicesOf.get(incident.id)!,
      updates: newestFirst,
      lastUpdateStatus: lastUpdateStatus(newestFirst),
      duration: incidentDuration(newestFirst),
    };
  });
}
