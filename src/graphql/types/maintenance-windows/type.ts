import type { MaintenanceWindowRow } from "../../../domain/maintenance-windows/index.js";
import {
  checkMaintenanceStatuses,
  getMaintenanceWindows,
  pageMaintenanceWindows,
  type REPEAT_UNITS,
  type MaintenanceReason,
  type MaintenanceStatus,
  readVisibility,
  type StatusPageVisibilityValue,
} from "../../../domain/maintenance-windows/index.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader, type GraphQLContext } from "../../context.js";
import { brandedLoader } from "../../node-loader.js";
import { MaintenanceEffect, MaintenanceScope, MaintenanceSeverity, RepeatUnit } from "./enums.js";
import { DATABASE_ID_INT } from "../../node-ids.js";

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

const VisibilityRef = builder.objectRef<StatusPageVisibilityValue>("MaintenanceStatusPageVisibility").implement({
  description: "Whether and how the window shows on status pages and notifies their subscribers.",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled", { description: "Shown on the linked pages; gates every other field." }),
    severity: t.field({ type: MaintenanceSeverity, nullable: true, resolve: (v) => v.severity }),
    affectAllServices: t.exposeBoolean("affectAllServices"),
    notifyOnStart: t.exposeBoolean("notifyOnStart", {
      description: "Notify the pages' subscribers when an occurrence starts.",
    }),
    notifyOnEnd: t.exposeBoolean("notifyOnEnd", {
      description: "Notify the pages' subscribers when an occurrence ends.",
    }),
    suppressAutoIncidents: t.exposeBoolean("suppressAutoIncidents"),
    reminderMinutesBefore: t.exposeIntList("reminderMinutesBefore"),
    autoStart: t.exposeBoolean("autoStart"),
    autoEnd: t.exposeBoolean("autoEnd"),
    showAffectedServices: t.exposeBoolean("showAffectedServices"),
    statusPageIds: t.exposeStringList("statusPageIds"),
    serviceIds: t.exposeStringList("serviceIds"),
  }),
});

export const MaintenanceWindowNode = builder.node(builder.objectRef<MaintenanceWindowRow>("MaintenanceWindow"), {
  description: "A time range in which checks are paused or their alerts silenced.",
  id: { resolve: (w) => w.id },
  loadMany: brandedLoader("MaintenanceWindow", (ids, ctx) => getMaintenanceWindows({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: DATABASE_ID_INT }),
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
    statusPageVisibility: t.field({
      type: VisibilityRef,
      nullable: true,
      resolve: (w) => readVisibility(w.statusPageVisibility),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
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
