import { getIncidents, pageIncidents, pageIncidentUpdates } from "../../domain/incidents/index.js";
import { builder } from "../builder.js";
import { toConnection } from "../connection.js";
import { domain } from "../context.js";
import { IncidentConnection } from "./incident-connection.js";
import { IncidentSeverityEnum, IncidentStatusEnum, type IncidentSeverity } from "./incident-enums.js";
import { withParent } from "./incident-update.js";
import { IncidentRef, IncidentUpdateRef } from "./refs.js";
import { ServiceNode } from "./status-page-service.js";
import { brandedLoader } from "../node-loader.js";
import "./incident-mutations.js";

export const IncidentNode = builder.node(IncidentRef, {
  description: "A status page incident: it shows on every status page that shows one of its services.",
  id: { resolve: (incident) => incident.id },
  loadMany: brandedLoader("Incident", (ids, ctx) => getIncidents({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    name: t.exposeString("name"),
    severity: t.field({ type: IncidentSeverityEnum, resolve: (incident) => incident.severity as IncidentSeverity }),
    services: t.field({
      type: [ServiceNode],
      description: "On a public status page, only the services that page shows.",
      // Loaded with the incident, in the same batch (domain/incidents/batch.ts).
      resolve: (incident) => incident.services,
    }),
    updates: t.connection(
      {
        type: IncidentUpdateRef,
        description: "Newest first: by publicIncidentUpdateDate, then createdAt.",
        // The updates come with the incident (its status and duration derive from them): a page of them costs no query.
        resolve: (incident, args) => toConnection(withParent(pageIncidentUpdates(incident.updates, args), incident)),
      },
      { name: "IncidentUpdateConnection" },
      { name: "IncidentUpdateEdge" },
    ),
    lastUpdateStatus: t.field({ type: IncidentStatusEnum, resolve: (incident) => incident.lastUpdateStatus }),
    duration: t.int({
      nullable: true,
      description:
        "Seconds from the first update to the latest, RESOLVED, one (on publicIncidentUpdateDate); null while unresolved.",
      resolve: (incident) => incident.duration,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  incidents: t.connection(
    {
      type: IncidentRef,
      description: "The account's latest incidents, newest first (the cursors are REST's nextId).",
      resolve: async (_root, args, ctx) => toConnection(await pageIncidents({ ctx: domain(ctx), args })),
    },
    IncidentConnection,
  ),
}));
