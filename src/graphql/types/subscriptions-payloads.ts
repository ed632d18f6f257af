import type { AppContext } from "../../app-context.js";
import type { Audience } from "../../events/audience.js";
import type { VigilEvent } from "../../events/bus.js";
import { eventPayloads } from "../../events/payloads.js";
import { sharedLoad } from "../../events/shared-load.js";
import { withParent } from "./incident-update.js";
import { markPublic } from "./status-page-scope.js";

type EventOf<K extends VigilEvent["type"]> = Extract<VigilEvent, { type: K }>;

/**
 * The incident of an event for this audience. A visitor gets it as the public page shows it
 * (that page's services only), marked so that its fields answer for that page alone
 * (status-page-scope.ts), since a visitor has no key to load anything with.
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
 * so a visitor's update never points at the caller's view of the incident, nor the reverse.
 */
export function incidentUpdatePayload(app: AppContext, audience: Audience, event: EventOf<"incidentUpdateAdded">) {
  return sharedLoad(event, `incidentUpdate:${audience.publicPageId ?? "account"}`, async () => {
    const [update, incident] = await Promise.all([
      eventPayloads.incidentUpdate(app, event),
      incidentPayload(app, audience, event),
    ]);
    if (!update || !incident) return null;
    const payload = { ...update };
    withParent({ nodes: [payload], cursors: [""], hasNextPage: false, hasPreviousPage: false }, incident);
    return payload;
  });
}
