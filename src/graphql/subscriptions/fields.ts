import { ownedCheck } from "../../domain/check-results/index.js";
import { NotFoundError } from "../../domain/errors.js";
import { getHeartbeatCheck } from "../../domain/heartbeats/index.js";
import { findIncident } from "../../domain/incidents/index.js";
import { findStatusPage } from "../../domain/status-pages/index.js";
import { builder } from "../builder.js";
import { domain, type GraphQLContext } from "../context.js";
import { CheckResultRef } from "../types/check-results/type.js";
import { CHECK_TYPENAMES } from "../types/checks/enums.js";
import { HeartbeatCheckRef } from "../types/checks/kinds.js";
import { HeartbeatEventRef } from "../types/heartbeats/type.js";
import { IncidentRef, IncidentUpdateRef } from "../types/incidents/type.js";
import { StatusPageRef } from "../types/status-pages/type.js";
import { audienceOf } from "./audience.js";
import { eventPayloads, incidentPayload, incidentUpdatePayload } from "./payloads.js";
import { deliver, subscriberStream } from "./stream.js";

/** A filter naming another account's page is NotFound at once, rather than a stream that stays silent. */
async function ownStatusPage(ctx: GraphQLContext, id: string | undefined) {
  if (id && ctx.caller) await findStatusPage(domain(ctx).db, ctx.caller.accountId, id);
}

const checkTypenames: readonly string[] = Object.values(CHECK_TYPENAMES);

builder.subscriptionType({
  description:
    "Live events, over graphql-ws (WebSocket) or SSE (accept: text/event-stream) on /graphql. A key hears its own account only; " +
    "without a key, only incidentUpdateAdded and incidentChanged of a status page that is not private (statusPageId).",
});

builder.subscriptionFields((t) => ({
  incidentUpdateAdded: t.field({
    type: IncidentUpdateRef,
    nullable: true,
    description:
      "Each update added to an incident. Both filters are optional with a key; without one, statusPageId (a public page) is required.",
    args: { incidentId: t.arg.globalID({ for: IncidentRef }), statusPageId: t.arg.globalID({ for: StatusPageRef }) },
    subscribe: async (_root, { incidentId, statusPageId }, ctx) => {
      const audience = await audienceOf(ctx.app, ctx.caller, { statusPageId: statusPageId?.id });
      await ownStatusPage(ctx, statusPageId?.id);
      if (incidentId && ctx.caller) await findIncident(domain(ctx).db, ctx.caller.accountId, incidentId.id);
      return subscriberStream(ctx, audience, {
        type: "incidentUpdateAdded",
        filter: (event) =>
          (!incidentId || event.incidentId === incidentId.id) &&
          (!statusPageId || event.statusPageIds.includes(statusPageId.id)),
        load: (event) => incidentUpdatePayload(ctx.app, audience, event),
      });
    },
    resolve: (payload) => deliver(payload),
  }),
  incidentChanged: t.field({
    type: IncidentRef,
    nullable: true,
    description:
      "An incident as it is after each change (a deleted one is not sent). Without a key, statusPageId (a public page) is required.",
    args: { statusPageId: t.arg.globalID({ for: StatusPageRef }) },
    subscribe: async (_root, { statusPageId }, ctx) => {
      const audience = await audienceOf(ctx.app, ctx.caller, { statusPageId: statusPageId?.id });
      await ownStatusPage(ctx, statusPageId?.id);
      return subscriberStream(ctx, audience, {
        type: "incidentChanged",
        filter: (event) => !statusPageId || event.statusPageIds.includes(statusPageId.id),
        load: (event) => incidentPayload(ctx.app, audience, event),
      });
    },
    resolve: (payload) => deliver(payload),
  }),
  heartbeatEventRecorded: t.field({
    type: HeartbeatEventRef,
    nullable: true,
    description: "Each event recorded for one heartbeat check (a ping, or the service marking it failing).",
    args: { checkId: t.arg.globalID({ for: HeartbeatCheckRef, required: true }) },
    subscribe: async (_root, { checkId }, ctx) => {
      const audience = await audienceOf(ctx.app, ctx.caller, null);
      await getHeartbeatCheck({ ctx: domain(ctx), checkId: checkId.id });
      return subscriberStream(ctx, audience, {
        type: "heartbeatEventRecorded",
        filter: (event) => event.checkId === checkId.id,
        load: (event) => eventPayloads.heartbeatEvent(ctx.app, event),
      });
    },
    resolve: (payload) => deliver(payload),
  }),
  checkResultRecorded: t.field({
    type: CheckResultRef,
    nullable: true,
    description:
      "Each result recorded, of one check or of all the account's checks, optionally only those with (true) or without (false) failures.",
    args: {
      checkId: t.arg.globalID({ description: "The global id of a check of any type" }),
      hasFailures: t.arg.boolean(),
    },
    subscribe: async (_root, { checkId, hasFailures }, ctx) => {
      const audience = await audienceOf(ctx.app, ctx.caller, null);
      if (checkId && !checkTypenames.includes(checkId.typename)) throw new NotFoundError("check", checkId.id);
      if (checkId) await ownedCheck({ ctx: domain(ctx), id: checkId.id });
      return subscriberStream(ctx, audience, {
        type: "checkResultRecorded",
        filter: (event) =>
          (!checkId || event.checkId === checkId.id) && (hasFailures == null || event.hasFailures === hasFailures),
        load: (event) => eventPayloads.checkResult(ctx.app, event),
      });
    },
    resolve: (payload) => deliver(payload),
  }),
}));
