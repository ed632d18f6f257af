import type { MaintenanceWindowRow } from "../../domain/maintenance-windows/index.js";
import {
  checkMaintenanceStatuses,
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  getMaintenanceWindows,
  pageMaintenanceWindows,
  REPEAT_UNITS,
  updateMaintenanceWindow,
  type MaintenanceReason,
  type MaintenanceStatus,
} from "../../domain/maintenance-windows/index.js";
import { builder } from "../builder.js";
import { toConnection } from "../connection.js";
import { domain, loader, type GraphQLContext } from "../context.js";
import { brandedLoader } from "../node-loader.js";
import { DeletedRef, globalId } from "./common.js";
import { writeErrors } from "./errors.js";

const RepeatUnit = builder.enumType("RepeatUnit", { values: REPEAT_UNITS });

const MaintenanceEffect = builder.enumType("MaintenanceEffect", {
  values: {
    PAUSE: { description: "The check does not run." },
    SILENCE: { description: "The check runs; its alerts are silenced." },
  },
});
const MaintenanceScope = builder.enumType("MaintenanceScope", {
  values: {
    ALL: { description: "pauseAllChecks / silenceAllAlerts" },
    TAGS: { description: "tags / silenceAlertsTags that the check or its group carries" },
  },
});

const windowLoader = (ctx: GraphQLContext) =>
  loader(
    ctx,
    "MaintenanceWindow.byId",
    (ids: readonly number[]) =>
      getMaintenanceWindows({ ctx: domain(ctx), ids }) as Promise<(MaintenanceWindowRow | null)[]>,
  );

const MaintenanceReasonRef = builder.objectRef<MaintenanceReason>("MaintenanceReason").implement({
  description: "One active maintenance window that pauses or silences the check.",
  fields: (t) => ({
    window: t.field({
      type: MaintenanceWindowNode,
      nullable: true,
      resolve: (reason, _args, ctx) => windowLoader(ctx).load(reason.windowId),
    }),
    name: t.exposeString("name"),
    effect: t.field({ type: MaintenanceEffect, resolve: (reason) => reason.effect }),
    scope: t.field({ type: MaintenanceScope, resolve: (reason) => reason.scope }),
    tags: t.exposeStringList("tags", { description: "The matching tags (empty for scope ALL)." }),
    until: t.expose("until", { type: "DateTime", description: "When the window's current occurrence ends." }),
  }),
});

export const MaintenanceStatusRef = builder.objectRef<MaintenanceStatus>("MaintenanceStatus").implement({
  description: "Whether a check is in maintenance now, and why.",
  fields: (t) => ({
    paused: t.exposeBoolean("paused", { description: "An active window pauses it: it does not run." }),
    silenced: t.exposeBoolean("silenced", { description: "An active window silences its alerts." }),
    reasons: t.field({ type: [MaintenanceReasonRef], resolve: (status) => status.reasons }),
  }),
});

/** Every Check.maintenance of one response in two queries. */
export const maintenanceLoader = (ctx: GraphQLContext) =>
  loader(ctx, "Check.maintenance", async (ids: readonly string[]) => {
    const statuses = await checkMaintenanceStatuses({ ctx: domain(ctx), checkIds: ids });
    return statuses.map((status) => status ?? { paused: false, silenced: false, reasons: [] });
  });

export const MaintenanceWindowNode = builder.node(builder.objectRef<MaintenanceWindowRow>("MaintenanceWindow"), {
  description: "A time range in which checks are paused or their alerts silenced.",
  id: { resolve: (w) => w.id },
  loadMany: brandedLoader("MaintenanceWindow", (ids, ctx) => getMaintenanceWindows({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    startsAt: t.expose("startsAt", { type: "DateTime" }),
    endsAt: t.expose("endsAt", { type: "DateTime" }),
    repeatUnit: t.field({ type: RepeatUnit, resolve: (w) => w.repeatUnit as (typeof REPEAT_UNITS)[number] }),
    repeatInterval: t.exposeInt("repeatInterval", { nullable: true }),
    repeatEndsAt: t.expose("repeatEndsAt", { type: "DateTime", nullable: true }),
    timezone: t.exposeString("timezone", { nullable: true }),
    tags: t.stringList({ resolve: (w) => w.tags as string[] }),
    pauseAllChecks: t.exposeBoolean("pauseAllChecks"),
    silenceAlertsTags: t.stringList({ resolve: (w) => w.silenceAlertsTags as string[] }),
    silenceAllAlerts: t.exposeBoolean("silenceAllAlerts"),
    statusPageVisibility: t.expose("statusPageVisibility", { type: "JSON", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
  }),
});

/** The fields of a write; the domain validates them (dates as YYYY-MM-DD or ISO 8601 strings). */
const MaintenanceWindowInput = builder.inputType("MaintenanceWindowInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    startsAt: t.string({ required: true, description: "YYYY-MM-DD or an ISO 8601 date-time" }),
    endsAt: t.string({ required: true, description: "YYYY-MM-DD or an ISO 8601 date-time" }),
    repeatUnit: t.field({ type: RepeatUnit, required: true }),
    repeatInterval: t.int(),
    repeatEndsAt: t.string(),
    timezone: t.string(),
    description: t.string(),
    tags: t.stringList(),
    pauseAllChecks: t.boolean(),
    silenceAlertsTags: t.stringList(),
    silenceAllAlerts: t.boolean(),
    statusPageVisibility: t.field({ type: "JSON" }),
  }),
});

builder.queryFields((t) => ({
  maintenanceWindows: t.connection(
    {
      type: MaintenanceWindowNode,
      description: "The account's maintenance windows, newest first.",
      resolve: async (_root, args, ctx) => toConnection(await pageMaintenanceWindows({ ctx: domain(ctx), args })),
    },
    { name: "MaintenanceWindowConnection" },
    { name: "MaintenanceWindowEdge" },
  ),
}));

builder.mutationFields((t) => ({
  createMaintenanceWindow: t.field({
    type: MaintenanceWindowNode,
    errors: writeErrors,
    args: { input: t.arg({ type: MaintenanceWindowInput, required: true }) },
    resolve: (_root, { input }, ctx) => createMaintenanceWindow({ ctx: domain(ctx), input }),
  }),
  updateMaintenanceWindow: t.field({
    type: MaintenanceWindowNode,
    description: "Replaces the required fields; an omitted optional field keeps its value.",
    errors: writeErrors,
    args: {
      id: t.arg.globalID({ required: true, for: MaintenanceWindowNode }),
      input: t.arg({ type: MaintenanceWindowInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) => updateMaintenanceWindow({ ctx: domain(ctx), id: id.id, input }),
  }),
  deleteMaintenanceWindow: t.field({
    type: DeletedRef,
    errors: writeErrors,
    args: { id: t.arg.globalID({ required: true, for: MaintenanceWindowNode }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteMaintenanceWindow({ ctx: domain(ctx), id: id.id });
      return { deletedId: globalId("MaintenanceWindow", id.id) };
    },
  }),
}));
