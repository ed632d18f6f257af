import type { HeartbeatEventRow } from "../../../domain/heartbeats/index.js";
import {
  availabilityOfChecks,
  getHeartbeatEvents,
  HEARTBEAT_STATES,
  type HeartbeatAvailability,
  type HeartbeatState,
  heartbeatStatsOfChecks,
  pageEventsOfChecks,
  type WindowArgs,
} from "../../../domain/heartbeats/index.js";
import type { PageArgs } from "../../../domain/shared/pagination.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader, type GraphQLContext } from "../../context.js";
import { brandedLoader } from "../../node-loader.js";
import { HeartbeatCheckRef } from "../checks/kinds.js";
import { loadCheck } from "../checks/type.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";

const HeartbeatStateEnum = builder.enumType("HeartbeatState", {
  description:
    "EARLY before the minimum, RECEIVED in the period, GRACE in the grace time, LATE after it; FAILING is written by the service.",
  values: HEARTBEAT_STATES,
});

export const HeartbeatEventRef = builder.objectRef<HeartbeatEventRow>("HeartbeatEvent");

export const HeartbeatEventNode = builder.node(HeartbeatEventRef, {
  description: "A ping of a heartbeat check (or the service's FAILING mark when none came).",
  id: { resolve: (e) => e.id },
  loadMany: brandedLoader("HeartbeatEvent", (ids, ctx) => getHeartbeatEvents({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    state: t.field({ type: HeartbeatStateEnum, resolve: (e) => e.state as HeartbeatState }),
    timestamp: t.expose("timestamp", { type: "DateTime" }),
    source: t.exposeString("source", { nullable: true, description: "The ping's Origin header, else its Referer." }),
    userAgent: t.exposeString("userAgent", { nullable: true }),
    check: t.field({ type: HeartbeatCheckRef, resolve: (e, _args, ctx) => loadCheck(ctx, e.checkId) }),
  }),
});

type Availability = NonNullable<HeartbeatAvailability>;

const SuccessRatioRef = builder.objectRef<Availability["successRatio"]>("HeartbeatSuccessRatio").implement({
  description: "Percentages (0 to 100, two decimals) of events that are not FAILING; 0 for a window without events.",
  fields: (t) => ({ previousPeriod: t.exposeFloat("previousPeriod"), currentPeriod: t.exposeFloat("currentPeriod") }),
});

const AvailabilityRef = builder.objectRef<Availability>("HeartbeatAvailability").implement({
  description: "Availability over a window and over the equally long window just before it.",
  fields: (t) => ({
    successRatio: t.field({ type: SuccessRatioRef, resolve: (a) => a.successRatio }),
    totalEntitiesCurrentPeriod: t.exposeInt("totalEntitiesCurrentPeriod", {
      description: "The number of events in the window.",
    }),
  }),
});

const StatsRef = builder.objectRef<{ checkId: string }>("HeartbeatStats").implement({
  description:
    "Availability counted back from now, as the REST events list reports it (null when both windows are empty).",
  fields: (t) => {
    const stats = (ctx: GraphQLContext, checkId: string) =>
      loader(ctx, "HeartbeatCheck.stats", (ids: readonly string[]) =>
        heartbeatStatsOfChecks({ ctx: domain(ctx), checkIds: ids }),
      ).load(checkId);
    return {
      last24Hours: t.field({
        type: AvailabilityRef,
        nullable: true,
        resolve: async ({ checkId }, _args, ctx) => (await stats(ctx, checkId)).last24Hours,
      }),
      last7Days: t.field({
        type: AvailabilityRef,
        nullable: true,
        resolve: async ({ checkId }, _args, ctx) => (await stats(ctx, checkId)).last7Days,
      }),
    };
  },
});

const EventConnectionRef = builder.connectionObject(
  { type: HeartbeatEventNode, name: "HeartbeatEventConnection" },
  { name: "HeartbeatEventEdge" },
);

/**
 * Checks of one response asking the same thing (same window, same page) share one loader: their
 * events, availability or stats come from one batch of statements, not one per check.
 */
function eventsOfCheck(ctx: GraphQLContext, { startTime, endTime, ...page }: WindowArgs & PageArgs, checkId: string) {
  const batch = (ids: readonly string[]) =>
    pageEventsOfChecks({ ctx: domain(ctx), checkIds: ids, args: page, window: { startTime, endTime } });
  return loader(ctx, `HeartbeatCheck.events:${JSON.stringify({ startTime, endTime, ...page })}`, batch).load(checkId);
}

builder.objectFields(HeartbeatCheckRef, (t) => {
  const windowArgs = {
    startTime: t.arg({ type: "DateTime", description: "Start of the window; default endTime minus 24 hours." }),
    endTime: t.arg({
      type: "DateTime",
      description: "End of the window, exclusive; default startTime plus 24 hours, else now.",
    }),
  };
  return {
    events: t.connection(
      {
        type: HeartbeatEventNode,
        description: "The check's events in [startTime, endTime), newest first.",
        args: windowArgs,
        resolve: async (check, args, ctx) => toConnection(await eventsOfCheck(ctx, args, check.id)),
      },
      EventConnectionRef,
    ),
    availability: t.field({
      type: AvailabilityRef,
      nullable: true,
      description: "Availability in [startTime, endTime) and the window before it; null when both hold no event.",
      args: windowArgs,
      resolve: (check, window, ctx) =>
        loader(ctx, `HeartbeatCheck.availability:${JSON.stringify(window)}`, (ids: readonly string[]) =>
          availabilityOfChecks({ ctx: domain(ctx), checkIds: ids, window }),
        ).load(check.id),
    }),
    stats: t.field({ type: StatsRef, resolve: (check) => ({ checkId: check.id }) }),
  };
});
