import { z } from "zod";
import type { MaintenanceWindowRow } from "../../domain/maintenance-windows/index.js";
import {
  CreateMaintenanceWindowInput,
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  getMaintenanceWindow,
  ListMaintenanceWindowsQuery,
  listMaintenanceWindows,
  MAINTENANCE_SEVERITIES,
  readVisibility,
  REPEAT_UNITS,
  UpdateMaintenanceWindowInput,
  updateMaintenanceWindow,
} from "../../domain/maintenance-windows/index.js";
import { iso, isoString, timestamps } from "../format.js";
import { type Route, intIdParam } from "../route.js";

const VisibilityResponse = z.object({
  enabled: z.boolean(),
  severity: z.enum(MAINTENANCE_SEVERITIES).nullable(),
  affectAllServices: z.boolean(),
  suppressAutoIncidents: z.boolean(),
  notifyOnStart: z.boolean(),
  notifyOnEnd: z.boolean(),
  reminderMinutesBefore: z.array(z.number().int()),
  autoStart: z.boolean(),
  autoEnd: z.boolean(),
  showAffectedServices: z.boolean(),
  statusPageIds: z.array(z.string()),
  serviceIds: z.array(z.string()),
});

export const MaintenanceWindowResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  tags: z.array(z.string()),
  startsAt: isoString,
  endsAt: isoString,
  repeatInterval: z.number().int().nullable(),
  repeatUnit: z.enum(REPEAT_UNITS),
  repeatEndsAt: isoString.nullable(),
  timezone: z.string().nullable(),
  description: z.string().nullable(),
  statusPageVisibility: VisibilityResponse.nullable(),
  pauseAllChecks: z.boolean(),
  silenceAlertsTags: z.array(z.string()),
  silenceAllAlerts: z.boolean(),
  ...timestamps,
});

export function toMaintenanceWindowResponse(w: MaintenanceWindowRow): z.infer<typeof MaintenanceWindowResponse> {
  return {
    id: w.id,
    name: w.name,
    tags: w.tags as string[],
    startsAt: iso(w.startsAt),
    endsAt: iso(w.endsAt),
    repeatInterval: w.repeatInterval,
    repeatUnit: w.repeatUnit as (typeof REPEAT_UNITS)[number],
    repeatEndsAt: iso(w.repeatEndsAt),
    timezone: w.timezone,
    description: w.description,
    statusPageVisibility: readVisibility(w.statusPageVisibility),
    pauseAllChecks: w.pauseAllChecks,
    silenceAlertsTags: w.silenceAlertsTags as string[],
    silenceAllAlerts: w.silenceAllAlerts,
    created_at: iso(w.createdAt),
    updated_at: iso(w.updatedAt),
  };
}

const tag = "Maintenance windows";
const params = { id: intIdParam("The id of the maintenance window") };

export const maintenanceWindowsRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/maintenance-windows",
    operationId: "createMaintenanceWindow",
    summary: "Create a maintenance window",
    description:
      "Needs name, startsAt, endsAt and repeatUnit. While the window is active, checks whose own or group's tags meet its `tags` (every check with `pauseAllChecks`) do not run.",
    tag,
    body: CreateMaintenanceWindowInput,
    status: 201,
    response: MaintenanceWindowResponse,
    handler: async ({ ctx, body }) => toMaintenanceWindowResponse(await createMaintenanceWindow({ ctx, input: body })),
  },
  {
    method: "GET",
    path: "/v1/maintenance-windows",
    operationId: "listMaintenanceWindows",
    summary: "List maintenance windows, newest first",
    description: "Pages of `limit` windows (default 10), `page` from 1.",
    tag,
    query: ListMaintenanceWindowsQuery,
    status: 200,
    response: z.array(MaintenanceWindowResponse),
    handler: async ({ ctx, query }) => (await listMaintenanceWindows({ ctx, query })).map(toMaintenanceWindowResponse),
  },
  {
    method: "GET",
    path: "/v1/maintenance-windows/{id}",
    operationId: "getMaintenanceWindow",
    summary: "Retrieve a maintenance window",
    description: "A window of another account is a 404, as a missing one.",
    tag,
    params,
    status: 200,
    response: MaintenanceWindowResponse,
    handler: async ({ ctx, params }) => toMaintenanceWindowResponse(await getMaintenanceWindow({ ctx, id: params.id })),
  },
  {
    method: "PUT",
    path: "/v1/maintenance-windows/{id}",
    operationId: "updateMaintenanceWindow",
    summary: "Update a maintenance window",
    description: "Needs name, startsAt, endsAt and repeatUnit; an omitted optional property keeps its value.",
    tag,
    params,
    body: UpdateMaintenanceWindowInput,
    status: 200,
    response: MaintenanceWindowResponse,
    handler: async ({ ctx, params, body }) =>
      toMaintenanceWindowResponse(await updateMaintenanceWindow({ ctx, id: params.id, input: body })),
  },
  {
    method: "DELETE",
    path: "/v1/maintenance-windows/{id}",
    operationId: "deleteMaintenanceWindow",
    summary: "Delete a maintenance window",
    description: "Checks it paused run again on their schedule.",
    tag,
    params,
    status: 204,
    handler: async ({ ctx, params }) => deleteMaintenanceWindow({ ctx, id: params.id }),
  },
];
