import type { IncidentUpdate, Prisma } from "../../generated/sqlite/client.js";

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

/** A stored incident update. */
export type IncidentUpdateRow = IncidentUpdate;
