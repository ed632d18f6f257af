import type { MaintenanceWindow } from "../../generated/sqlite/client.js";
import {
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  getMaintenanceWindows,
  pageMaintenanceWindows,
  REPEAT_UNITS,
  updateMaintenanceWindow,
} from "../../domain/maintenance-windows/index.js";
import { builder } from "../builder.js";
import { toConnection } from "../connection.js";
import { domain } from "../context.js";
import { brandedLoader } from "../node-loader.js";
import { DeletedRef, globalId } from "./common.js";
import { writeErrors } from "./errors.js";

const RepeatUnit = builder.enumType("RepeatUnit", { values: REPEAT_UNITS });

export const MaintenanceWindowNode = builder.node(builder.objectRef<MaintenanceWindow>("MaintenanceWindow"), {
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
    args: { id: t.arg.globalID({ required: true, for: MaintenanceWindowNode }), input: t.arg({ type: MaintenanceWindowInput, required: true }) },
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
