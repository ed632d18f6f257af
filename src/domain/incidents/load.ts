import type { DbOrTx } from "../../db/client.js";
import type { Prisma } from "../../generated/sqlite/client.js";
import { deriveIncident } from "./derive.js";

/** The order of compareNewestFirst (derive.ts), for queries. */
export const updatesNewestFirst: Prisma.IncidentUpdateOrderByWithRelationInput[] = [
  { publicIncidentUpdateDate: "desc" },
  { createdAt: "desc" },
  { id: "desc" },
];

export const incidentInclude = {
  services: { include: { service: true }, orderBy: [{ service: { createdAt: "asc" } }, { serviceId: "asc" }] },
  updates: true,
} satisfies Prisma.IncidentInclude;

export type IncidentRow = Prisma.IncidentGetPayload<{ include: typeof incidentInclude }>;

/** An incident as every adapter shows it: its services, its updates newest first, and the derived fields. */
export function toIncidentView({ services, updates, ...incident }: IncidentRow) {
  return { ...incident, services: services.map((link) => link.service), ...deriveIncident(updates) };
}
export type IncidentView = ReturnType<typeof toIncidentView>;

/** Incidents newest first (created_at, then id), with what they show, in a fixed number of queries. */
export async function loadIncidents(
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
