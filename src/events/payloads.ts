import { domainContext, type AppContext } from "../app-context.js";
import { getCheckResult } from "../domain/check-results/index.js";
import { NotFoundError } from "../domain/errors.js";
import { getHeartbeatEvent } from "../domain/heartbeats/index.js";
import { getIncidents, getIncidentShownOn, getIncidentUpdate } from "../domain/incidents/index.js";
import type { VigilEvent } from "./bus.js";
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
};
