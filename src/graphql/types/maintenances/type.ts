import {
  getMaintenances,
  getMaintenanceUpdates,
  MAINTENANCE_STATUSES,
  type MaintenanceStatusName,
  type MaintenanceUpdateRow,
  type MaintenanceView,
  maintenancesOfWindows,
} from "../../../domain/maintenances/index.js";
import { ValidationError } from "../../../domain/shared/errors.js";
import { getMaintenanceWindows } from "../../../domain/maintenance-windows/index.js";
import { builder } from "../../builder.js";
import { domain, loader, type GraphQLContext } from "../../context.js";
import { brandedLoader } from "../../node-loader.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";
import { MaintenanceWindowNode } from "../maintenance-windows/type.js";

export const MaintenanceLifecycleStatus = builder.enumType("MaintenanceLifecycleStatus", {
  description:
    "The lifecycle of a maintenance (one occurrence of a window) and of its updates: SCHEDULED, IN_PROGRESS, VERIFYING, COMPLETED, CANCELLED.",
  values: MAINTENANCE_STATUSES,
});

export const MaintenanceRef = builder.objectRef<MaintenanceView>("Maintenance");
export const MaintenanceUpdateRef = builder.objectRef<MaintenanceUpdateRow>("MaintenanceUpdate");

const windowLoader = (ctx: GraphQLContext) =>
  loader(ctx, "Maintenance.window", (ids: readonly number[]) => getMaintenanceWindows({ ctx: domain(ctx), ids }));

export const MaintenanceUpdateNode = builder.node(MaintenanceUpdateRef, {
  description: "A status update of one maintenance, shown on the window's status pages.",
  id: { resolve: (update) => update.id },
  loadMany: brandedLoader("MaintenanceUpdate", (ids, ctx) => getMaintenanceUpdates({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    status: t.field({ type: MaintenanceLifecycleStatus, resolve: (u) => u.status as MaintenanceStatusName }),
    previousStatus: t.field({
      type: MaintenanceLifecycleStatus,
      nullable: true,
      description: "The status of the maintenance's latest update when this one was written.",
      resolve: (u) => u.previousStatus as MaintenanceStatusName | null,
    }),
    description: t.exposeString("description"),
    notifySubscribers: t.exposeBoolean("notifySubscribers"),
    maintenance: t.field({
      type: MaintenanceRef,
      nullable: true,
      resolve: async (u, _args, ctx) =>
        (await loader(ctx, "MaintenanceUpdate.maintenance", (ids: readonly string[]) =>
          getMaintenances({ ctx: domain(ctx), ids }),
        ).load(u.maintenanceId)) as MaintenanceView | null,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

export const MaintenanceNode = builder.node(MaintenanceRef, {
  description:
    "One occurrence of a maintenance window (REST: a maintenance). Made up to 90 days ahead; a skipped one stays with status CANCELLED.",
  id: { resolve: (m) => m.id },
  loadMany: brandedLoader("Maintenance", (ids, ctx) => getMaintenances({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    window: t.field({
      type: MaintenanceWindowNode,
      nullable: true,
      resolve: (m, _args, ctx) => windowLoader(ctx).load(m.windowId),
    }),
    startsAt: t.expose("startsAt", { type: "DateTime" }),
    endsAt: t.expose("endsAt", { type: "DateTime" }),
    status: t.field({
      type: MaintenanceLifecycleStatus,
      description: "CANCELLED once skipped, else SCHEDULED, IN_PROGRESS or COMPLETED by time.",
      resolve: (m) => m.status,
    }),
    moved: t.exposeBoolean("moved", { description: "Moved from the time the window's rule gives it." }),
    cancelled: t.exposeBoolean("cancelled", { description: "Skipped: it neither pauses checks nor silences alerts." }),
    updates: t.field({
      type: [MaintenanceUpdateRef],
      description: "Newest first.",
      resolve: (m) => m.updates,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const DAY_MS = 86_400_000;
const MOST = 200;

builder.objectField(MaintenanceWindowNode, "maintenances", (t) =>
  t.field({
    type: [MaintenanceRef],
    description: `The window's maintenances (occurrences) overlapping from..to, in time order, at most ${MOST}: by default from 30 days ago to 90 days ahead (occurrences are made up to 90 days ahead).`,
    args: { from: t.arg({ type: "DateTime" }), to: t.arg({ type: "DateTime" }) },
    resolve: (window, args, ctx) => {
      const now = domain(ctx).now().getTime();
      const from = args.from ?? new Date(now - 30 * DAY_MS);
      const to = args.to ?? new Date(now + 90 * DAY_MS);
      if (to <= from) throw new ValidationError("to must be after from", ["to"], "query");
      return loader(ctx, `MaintenanceWindow.maintenances ${from.getTime()} ${to.getTime()}`, (ids: readonly number[]) =>
        maintenancesOfWindows({ ctx: domain(ctx), windowIds: ids, from, to, most: MOST }),
      ).load(window.id);
    },
  }),
);
