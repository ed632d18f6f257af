import { ownedCheck } from "../../domain/check-results/index.js";
import { NotFoundError } from "../../domain/shared/errors.js";
import { getHeartbeatCheck } from "../../domain/heartbeats/index.js";
import { findIncident } from "../../domain/incidents/index.js";
import { findStatusPage } from "../../domain/status-pages/index.js";
import { builder } from "../builder.js";
import { domain, type GraphQLContext } from "../context.js";
import { databaseIdOf, idDescription, nodeId } from "../node-ids.js";
import { CheckResultRef } from "../types/check-results/type.js";
import { CheckStatusRef } from "../types/check-statuses/type.js";
import { CHECK_TYPENAMES, CheckStatusValueEnum } from "../types/checks/enums.js";
import { HeartbeatEventRef } from "../types/heartbeats/type.js";
import { IncidentRef, IncidentUpdateRef } from "../types/incidents/type.js";
import { audienceOf } from "./audience.js";
import { eventPayloads, incidentPayload, incidentUpdatePayload } from "./payloads.js";
import { deliver, subscriberStream } from "./stream.js";

/** A filter naming another account's page is NotFound at once, rather than a stream that stays silent. */
async function ownStatusPage(ctx: GraphQLContext, id: string | undefined) {
  if (id && ctx.caller) await findStatusPage(domain(ctx).db, ctx.caller.accountId, id);
}

const checkTypenames: string[] = Object.values(CHECK_TYPENAMES);

/** A check's id, global (of any check type) or REST; another type's global id is a NotFoundError, as before. */
function checkIdOf(raw: string): string {
  try {
    return nodeId(raw, ...checkTypenames);
  } catch (error) {
    const id = databaseIdOf(raw);
    throw id === raw ? error : new NotFoundError("check", id);
  }
}
const optional = (raw: string | null | undefined, typename: string) =>
  raw == null ? undefined : nodeId(raw, typename);

builder.subscriptionType({
  description:
    "Live events, over graphql-ws (WebSocket) or SSE (accept: text/event-stream) on /graphql. A key hears its own account only; " +
    "without a key, only incidentUpdateAdded and incidentChanged of a status page that is not private (statusPageId).",
});

// The incident subscriptions: a key's account, or a public page without one.
builder.subscriptionFields((t) => ({
  incidentUpdateAdded: t.field({
    type: IncidentUpdateRef,
    nullable: true,
    description:
      "Each update added to an incident. Both filters are optional with a key; without one, statusPageId (a public page) is required.",
    args: {
      incidentId: t.arg.id({ description: idDescription("Incident") }),
      statusPageId: t.arg.id({ description: idDescription("StatusPage") }),
    },
    subscribe: async (_root, args, ctx) => {
      const [incidentId, statusPageId] = [
        optional(args.incidentId, "Incident"),
        optional(args.statusPageId, "StatusPage"),
      ];
      const audience = await audienceOf(ctx.app, ctx.caller, { statusPageId });
      await ownStatusPage(ctx, statusPageId);
      if (incidentId && ctx.caller) await findIncident(domain(ctx).db, ctx.caller.accountId, incidentId);
      return subscriberStream(ctx, audience, {
        type: "incidentUpdateAdded",
        filter: (event) =>
          (!incidentId || event.incidentId === incidentId) &&
          (!statusPageId || event.statusPageIds.includes(statusPageId)),
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
    args: { statusPageId: t.arg.id({ description: idDescription("StatusPage") }) },
    subscribe: async (_root, args, ctx) => {
      const statusPageId = optional(args.statusPageId, "StatusPage");
      const audience = await audienceOf(ctx.app, ctx.caller, { statusPageId });
      await ownStatusPage(ctx, statusPageId);
      return subscriberStream(ctx, audience, {
        type: "incidentChanged",
        filter: (event) => !statusPageId || event.statusPageIds.includes(statusPageId),
        load: (event) => incidentPayload(ctx.app, audience, event),
      });
    },
    resolve: (payload) => deliver(payload),
  }),
}));

// The check subscriptions: a key's account only.
builder.subscriptionFields((t) => ({
  heartbeatEventRecorded: t.field({
    type: HeartbeatEventRef,
    nullable: true,
    description: "Each event recorded for one heartbeat check (a ping, or the service marking it failing).",
    args: { checkId: t.arg.id({ required: true, description: idDescription("HeartbeatCheck") }) },
    subscribe: async (_root, args, ctx) => {
      const checkId = nodeId(args.checkId, "HeartbeatCheck");
      const audience = await audienceOf(ctx.app, ctx.caller, null);
      await getHeartbeatCheck({ ctx: domain(ctx), checkId });
      return subscriberStream(ctx, audience, {
        type: "heartbeatEventRecorded",
        filter: (event) => event.checkId === checkId,
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
      checkId: t.arg.id({ description: "The global id of a check of any type, or its REST id (databaseId)" }),
      hasFailures: t.arg.boolean(),
    },
    subscribe: async (_root, { hasFailures, ...args }, ctx) => {
      const audience = await audienceOf(ctx.app, ctx.caller, null);
      const checkId = args.checkId == null ? undefined : checkIdOf(args.checkId);
      if (checkId) await ownedCheck({ ctx: domain(ctx), id: checkId });
      return subscriberStream(ctx, audience, {
        type: "checkResultRecorded",
        filter: (event) =>
          (!checkId || event.checkId === checkId) && (hasFailures == null || event.hasFailures === hasFailures),
        load: (event) => eventPayloads.checkResult(ctx.app, event),
      });
    },
    resolve: (payload) => deliver(payload),
  }),
  checkStatusChanged: t.field({
    type: CheckStatusRef,
    nullable: true,
    description:
      "A check's status each time its condition changes (PASSING, DEGRADED, FAILING), of one check or of all the account's checks, optionally only those entering `status`.",
    args: {
      checkId: t.arg.id({ description: "The global id of a check of any type, or its REST id (databaseId)" }),
      status: t.arg({ type: CheckStatusValueEnum }),
    },
    subscribe: async (_root, { status, ...args }, ctx) => {
      const audience = await audienceOf(ctx.app, ctx.caller, null);
      const checkId = args.checkId == null ? undefined : checkIdOf(args.checkId);
      if (checkId) await ownedCheck({ ctx: domain(ctx), id: checkId });
      return subscriberStream(ctx, audience, {
        type: "checkStatusChanged",
        filter: (event) =>
          (!checkId || event.checkId === checkId) && (status == null || event.condition === status.toUpperCase()),
        load: (event) => eventPayloads.checkStatus(ctx.app, event),
      });
    },
    resolve: (payload) => deliver(payload),
  }),
}));
