import type { IncidentUpdateRow } from "../../../domain/incidents/index.js";
import { NotFoundError } from "../../../domain/shared/errors.js";
import {
  getIncidents,
  getIncidentUpdates,
  pageIncidents,
  pageIncidentUpdates,
  type IncidentView,
} from "../../../domain/incidents/index.js";
import type { Page } from "../../../domain/shared/pagination.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader } from "../../context.js";
import { brandedLoader } from "../../node-loader.js";
import { ServiceNode } from "../status-page-services/type.js";
import type { IncidentStatus } from "../../../domain/incidents/index.js";
import { IncidentSeverityEnum, IncidentStatusEnum, type IncidentSeverity } from "./enums.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";

export const IncidentRef = builder.objectRef<IncidentView>("Incident");

export const IncidentUpdateRef = builder.objectRef<IncidentUpdateRow>("IncidentUpdate");

/**
 * The incident an update was reached from: its `incident` field answers with that object (also
 * for a public page's visitor, who has no key to load it with), else loads it for the caller.
 * A symbol property of the request's own row (a WeakMap costs the GC more, per update).
 */
const PARENT = Symbol("incident");
/** The incident, or how to load it once asked for (a subscription's event: most selections never ask). */
type Parent = IncidentView | (() => Promise<IncidentView | null>);
type WithParent = IncidentUpdateRow & { [PARENT]?: Parent };

export function withParent<P extends Page<IncidentUpdateRow>>(page: P, incident: Parent): P {
  for (const update of page.nodes) (update as WithParent)[PARENT] = incident;
  return page;
}

/**
 * The incidents whose `updates` a request listed, by id: a list's updates find their parent here
 * (one entry per incident, where withParent would mark each of a thousand updates). Several
 * objects of one incident (the caller's, a public page's) are told apart by their update rows.
 */
const listed = new WeakMap<object, Map<string, IncidentView[]>>();

function noteListed(ctx: object, incident: IncidentView): void {
  let byId = listed.get(ctx);
  if (!byId) {
    byId = new Map();
    listed.set(ctx, byId);
  }
  const known = byId.get(incident.id);
  if (!known) byId.set(incident.id, [incident]);
  else if (!known.includes(incident)) known.push(incident);
}

function parentOf(ctx: object, update: IncidentUpdateRow): Parent | undefined {
  return (
    (update as WithParent)[PARENT] ??
    listed
      .get(ctx)
      ?.get(update.incidentId)
      ?.find((incident) => incident.updates.includes(update))
  );
}

export const IncidentUpdateNode = builder.node(IncidentUpdateRef, {
  description: "One entry of an incident's timeline.",
  id: { resolve: (update) => update.id },
  loadMany: brandedLoader("IncidentUpdate", (ids, ctx) => getIncidentUpdates({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    description: t.exposeString("description"),
    status: t.field({ type: IncidentStatusEnum, resolve: (update) => update.status as IncidentStatus }),
    publicIncidentUpdateDate: t.expose("publicIncidentUpdateDate", { type: "DateTime" }),
    notifySubscribers: t.exposeBoolean("notifySubscribers"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    incident: t.field({
      type: IncidentRef,
      resolve: async (update, _args, ctx) => {
        const known = parentOf(ctx, update);
        if (known && typeof known !== "function") return known;
        const incident = known
          ? await known()
          : await loader(ctx, "IncidentUpdate.incident", (ids: readonly string[]) =>
              getIncidents({ ctx: domain(ctx), ids }),
            ).load(update.incidentId);
        if (!incident) throw new NotFoundError("incident", update.incidentId);
        return incident;
      },
    }),
  }),
});

/** One connection type for every list of incidents (the account's, a status page's). */
export const IncidentConnection = builder.connectionObject(
  { type: IncidentRef, name: "IncidentConnection" },
  { name: "IncidentEdge" },
);

export const IncidentNode = builder.node(IncidentRef, {
  description: "A status page incident: it shows on every status page that shows one of its services.",
  id: { resolve: (incident) => incident.id },
  loadMany: brandedLoader("Incident", (ids, ctx) => getIncidents({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
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
        resolve: (incident, args, ctx) => {
          noteListed(ctx, incident);
          return toConnection(pageIncidentUpdates(incident.updates, args));
        },
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
      args: {
        open: t.arg.boolean({
          description: "true: only open incidents (the latest update is not RESOLVED); false: only resolved ones.",
        }),
      },
      resolve: async (_root, { open, ...args }, ctx) =>
        toConnection(await pageIncidents({ ctx: domain(ctx), args, open })),
    },
    IncidentConnection,
  ),
}));
