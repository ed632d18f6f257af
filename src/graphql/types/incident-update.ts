import type { IncidentUpdateRow } from "../../domain/incidents/index.js";
import { getIncidents, getIncidentUpdates, type IncidentView } from "../../domain/incidents/index.js";
import { NotFoundError } from "../../domain/errors.js";
import type { Page } from "../../domain/pagination.js";
import { builder } from "../builder.js";
import { domain, loader } from "../context.js";
import { IncidentStatusEnum, type IncidentStatus } from "./incident-enums.js";
import { brandedLoader } from "../node-loader.js";
import { IncidentRef, IncidentUpdateRef } from "./refs.js";

/**
 * The incident an update was reached from: its `incident` field answers with that object (also
 * for a public page's visitor, who has no key to load it with), else loads it for the caller.
 * A symbol property of the request's own row (a WeakMap costs the GC more, per update).
 */
const PARENT = Symbol("incident");
type WithParent = IncidentUpdateRow & { [PARENT]?: IncidentView };

export function withParent<P extends Page<IncidentUpdateRow>>(page: P, incident: IncidentView): P {
  for (const update of page.nodes) (update as WithParent)[PARENT] = incident;
  return page;
}

export const IncidentUpdateNode = builder.node(IncidentUpdateRef, {
  description: "One entry of an incident's timeline.",
  id: { resolve: (update) => update.id },
  loadMany: brandedLoader("IncidentUpdate", (ids, ctx) => getIncidentUpdates({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    description: t.exposeString("description"),
    status: t.field({ type: IncidentStatusEnum, resolve: (update) => update.status as IncidentStatus }),
    publicIncidentUpdateDate: t.expose("publicIncidentUpdateDate", { type: "DateTime" }),
    notifySubscribers: t.exposeBoolean("notifySubscribers"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    incident: t.field({
      type: IncidentRef,
      resolve: async (update, _args, ctx) => {
        const known = (update as WithParent)[PARENT];
        if (known) return known;
        const incident = await loader(ctx, "IncidentUpdate.incident", (ids: readonly string[]) =>
          getIncidents({ ctx: domain(ctx), ids }),
        ).load(update.incidentId);
        if (!incident) throw new NotFoundError("incident", update.incidentId);
        return incident;
      },
    }),
  }),
});
