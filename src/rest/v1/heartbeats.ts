import { z } from "zod";
import type { HeartbeatEventRow } from "../../domain/heartbeats/index.js";
import {
  getHeartbeatAvailability,
  getHeartbeatEvent,
  HEARTBEAT_STATES,
  HeartbeatAvailabilityQuery,
  type HeartbeatAvailability,
  type HeartbeatState,
  ListHeartbeatEventsQuery,
  listHeartbeatEvents,
} from "../../domain/heartbeats/index.js";
import { iso, isoString } from "../format.js";
import { type Route, uuidParam } from "../route.js";

export const HeartbeatEventResponse = z.object({
  id: z.string(),
  state: z.enum(HEARTBEAT_STATES),
  timestamp: isoString,
  source: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const HeartbeatAvailabilityResponse = z
  .object({
    successRatio: z.object({ previousPeriod: z.number(), currentPeriod: z.number() }),
    totalEntitiesCurrentPeriod: z.number().int(),
  })
  .nullable();

export const HeartbeatEventsForCheckResponse = z.object({
  events: z.array(HeartbeatEventResponse),
  stats: z.object({ last24Hours: HeartbeatAvailabilityResponse, last7Days: HeartbeatAvailabilityResponse }),
});

export function toHeartbeatEventResponse(e: HeartbeatEventRow): z.infer<typeof HeartbeatEventResponse> {
  return {
    id: e.id,
    state: e.state as HeartbeatState,
    timestamp: iso(e.timestamp),
    source: e.source,
    userAgent: e.userAgent,
  };
}

const toAvailability = (a: HeartbeatAvailability): z.infer<typeof HeartbeatAvailabilityResponse> => a;

const tag = "Heartbeats";
const checkId = uuidParam("The id of a heartbeat check");

export const heartbeatsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/checks/heartbeats/{checkId}/events",
    operationId: "listHeartbeatEvents",
    summary: "List the events of a heartbeat check",
    description:
      "One item, the check's: its events in [startTime, endTime) newest first, and its availability over the last 24 hours and 7 days.",
    tag,
    params: { checkId },
    query: ListHeartbeatEventsQuery,
    status: 200,
    response: z.array(HeartbeatEventsForCheckResponse),
    handler: async ({ ctx, params, query }) => {
      const { events, stats } = await listHeartbeatEvents({ ctx, checkId: params.checkId, query });
      return [
        {
          events: events.map(toHeartbeatEventResponse),
          stats: { last24Hours: toAvailability(stats.last24Hours), last7Days: toAvailability(stats.last7Days) },
        },
      ];
    },
  },
  {
    method: "GET",
    path: "/v1/checks/heartbeats/{checkId}/events/{eventId}",
    operationId: "getHeartbeatEvent",
    summary: "Retrieve a heartbeat event",
    description: "One recorded ping or missed period of the check.",
    tag,
    params: { checkId, eventId: uuidParam("The id of the event") },
    status: 200,
    response: HeartbeatEventResponse,
    handler: async ({ ctx, params }) =>
      toHeartbeatEventResponse(await getHeartbeatEvent({ ctx, checkId: params.checkId, id: params.eventId })),
  },
  {
    method: "GET",
    path: "/v1/checks/heartbeats/{checkId}/availability",
    operationId: "getHeartbeatAvailability",
    summary: "Get the availability of a heartbeat check",
    description:
      "Share of non-FAILING events in [startTime, endTime) and in the equally long window before it; null when both hold no event.",
    tag,
    params: { checkId },
    query: HeartbeatAvailabilityQuery,
    status: 200,
    response: HeartbeatAvailabilityResponse,
    handler: async ({ ctx, params, query }) =>
      toAvailability(await getHeartbeatAvailability({ ctx, checkId: params.checkId, query })),
  },
];
