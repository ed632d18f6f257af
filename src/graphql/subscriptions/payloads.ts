import { domainContext, type AppContext } from "../../app-context.js";
import { getCheckResult } from "../../domain/check-results/index.js";
import { getCheckStatus } from "../../domain/check-statuses/index.js";
import { NotFoundError } from "../../domain/shared/errors.js";
import { getHeartbeatEvent } from "../../domain/heartbeats/index.js";
import { getIncidents, getIncidentShownOn, getIncidentUpdate } from "../../domain/incidents/index.js";
import type { VigilEvent } from "../../events/bus.js";
import { withParent } from "../types/incidents/type.js";
import { markPublic } from "../types/status-pages/scope.js";
import type { Audience } from "./audience.js";
import { sharedLoad } from "./shared-load.js";

type EventOf<K extends VigilEvent["type"]> = Extract<VigilEvent, { type: K }>;

/** null when the object is gone (deleted between the write and the load): subscribers skip it. */
async function unlessGone<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * What an event is about, loaded through the domain (the same verbs and views as REST and the
 * node types), in the event's account, once per event however many subscribers receive it.
 */
export const eventPayloads = {
  incident: (app: AppContext, event: EventOf<"incidentChanged" | "incidentUpdateAdded">) =>
    sharedLoad(event, "incident", async () => {
      const [view] = await getIncidents({ ctx: domainContext(app, event.accountId), ids: [event.incidentId] });
      return view ?? null;
    }),
  /** The incident as a public page shows it to a visitor: only the services that page shows. */
  publicIncident: (app: AppContext, event: EventOf<"incidentChanged" | "incidentUpdateAdded">, statusPageId: string) =>
    sharedLoad(event, `incident:${statusPageId}`, async () => {
      return getIncidentShownOn({ ctx: domainContext(app, event.accountId), id: event.incidentId, statusPageId });
    }),
  incidentUpdate: (app: AppContext, event: EventOf<"incidentUpdateAdded">) =>
    sharedLoad(event, "incidentUpdate", () =>
      unlessGone(
        getIncidentUpdate({
          ctx: domainContext(app, event.accountId),
          incidentId: event.incidentId,
          id: event.incidentUpdateId,
        }),
      ),
    ),
  heartbeatEvent: (app: AppContext, event: EventOf<"heartbeatEventRecorded">) =>
    sharedLoad(event, "heartbeatEvent", () =>
      unlessGone(
        getHeartbeatEvent({ ctx: domainContext(app, event.accountId), checkId: event.checkId, id: event.eventId }),
      ),
    ),
  checkResult: (app: AppContext, event: EventOf<"checkResultRecorded">) =>
    sharedLoad(event, "checkResult", () =>
      unlessGone(
        getCheckResult({ ctx: domainContext(app, event.accountId), checkId: event.checkId, id: event.checkResultId }),
      ),
    ),
  /** The status as it is when the event is handled (the write path publishes after its commit). */
  checkStatus: (app: AppContext, event: EventOf<"checkStatusChanged">) =>
    sharedLoad(event, "checkStatus", () =>
      unlessGone(getCheckStatus({ ctx: domainContext(app, event.accountId), checkId: event.checkId })),
    ),
};

/**
 * The incident of an event for this audience. A visitor gets it as the public page shows it
 * (that page's services only), marked so that its fields answer for that page alone
 * (types/status-pages/scope.ts), since a visitor has no key to load anything with.
 */
export async function incidentPayload(
  app: AppContext,
  audience: Audience,
  event: EventOf<"incidentChanged" | "incidentUpdateAdded">,
) {
  const pageId = audience.publicPageId;
  if (pageId === null) return eventPayloads.incident(app, event);
  const view = await eventPayloads.publicIncident(app, event, pageId);
  return view && markPublic(view, { accountId: audience.accountId, statusPageId: pageId });
}

/**
 * The update of an event, its `incident` field answered by the incident loaded with it (once per
 * event and audience) rather than by one query per subscriber. Each audience gets its own copy,
 * so a visitor's update never points at the caller's view of the incident, nor the reverse. A
 * visitor's incident is loaded first (no view of it on the page: nothing to send); a key's only
 * when a selection asks for it, which most do not (the incident is three statements).
 */
export function incidentUpdatePayload(app: AppContext, audience: Audience, event: EventOf<"incidentUpdateAdded">) {
  return sharedLoad(event, `incidentUpdate:${audience.publicPageId ?? "account"}`, async () => {
    const account = audience.publicPageId === null;
    const [update, incident] = await Promise.all([
      eventPayloads.incidentUpdate(app, event),
      account ? () => eventPayloads.incident(app, event) : incidentPayload(app, audience, event),
    ]);
    if (!update || !incident) return null;
    const payload = { ...update };
    withParent({ nodes: [payload], cursors: [""], hasNextPage: false, hasPreviousPage: false }, incident);
    return payload;
  });
}
