import { z } from "zod";
import {
  CreateMaintenanceUpdateInput,
  createMaintenanceUpdate,
  deleteMaintenanceUpdate,
  getMaintenance,
  ListMaintenancesQuery,
  listMaintenances,
  MoveMaintenanceInput,
  moveMaintenance,
  skipMaintenance,
  UpdateMaintenanceUpdateInput,
  updateMaintenanceUpdate,
} from "../../domain/maintenances/index.js";
import { intIdParam, type Route, uuidParam } from "../route.js";
import {
  MaintenanceResponse,
  MaintenanceUpdateResponse,
  toMaintenanceResponse,
  toMaintenanceUpdateResponse,
} from "./maintenances-response.js";

const tag = "Maintenance windows";
const base = "/v1/maintenance-windows/{id}/maintenances";
const window = { id: intIdParam("The id of the maintenance window") };
const one = { ...window, maintenanceId: uuidParam("The id of the maintenance (one occurrence of the window)") };
const update = { ...one, updateId: uuidParam("The id of the maintenance update") };

export const maintenancesRoutes: Route[] = [
  {
    method: "GET",
    path: base,
    operationId: "listMaintenances",
    summary: "List maintenances for a maintenance window",
    description:
      "The window's occurrences in time order: past ones (kept as long as check results), the next ones up to 90 days ahead; skipped ones with status CANCELLED. Pages of `limit` (default 10, at most 50), `page` from 1.",
    tag,
    params: window,
    query: ListMaintenancesQuery,
    status: 200,
    response: z.array(MaintenanceResponse),
    handler: async ({ ctx, params, query }) =>
      (await listMaintenances({ ctx, windowId: params.id, query })).map(toMaintenanceResponse),
  },
  {
    method: "GET",
    path: `${base}/{maintenanceId}`,
    operationId: "getMaintenance",
    summary: "Retrieve a maintenance",
    description: "One occurrence with its updates, newest first.",
    tag,
    params: one,
    status: 200,
    response: MaintenanceResponse,
    handler: async ({ ctx, params }) =>
      toMaintenanceResponse(await getMaintenance({ ctx, windowId: params.id, id: params.maintenanceId })),
  },
  {
    method: "PATCH",
    path: `${base}/{maintenanceId}`,
    operationId: "moveMaintenance",
    summary: "Update maintenance dates",
    description:
      "Moves one occurrence: `startsAt` alone keeps its length, `endsAt` alone changes it. Checks pause (and alerts are silenced) at the new time; editing the window later keeps the move. One that is over or skipped is a 409.",
    tag,
    params: one,
    body: MoveMaintenanceInput,
    bodyOptional: true,
    status: 200,
    response: MaintenanceResponse,
    otherResponses: { 409: "The maintenance is over or skipped" },
    handler: async ({ ctx, params, body }) =>
      toMaintenanceResponse(await moveMaintenance({ ctx, windowId: params.id, id: params.maintenanceId, input: body })),
  },
  {
    method: "DELETE",
    path: `${base}/{maintenanceId}`,
    operationId: "skipMaintenance",
    summary: "Delete a maintenance",
    description:
      "Skips one occurrence: it neither pauses nor silences, and stays listed with status CANCELLED. One that is over is a 409.",
    tag,
    params: one,
    status: 204,
    otherResponses: { 409: "The maintenance is over" },
    handler: ({ ctx, params }) => skipMaintenance({ ctx, windowId: params.id, id: params.maintenanceId }),
  },
  {
    method: "POST",
    path: `${base}/{maintenanceId}/updates`,
    operationId: "createMaintenanceUpdate",
    summary: "Create a maintenance window status update",
    description:
      "Shown on the status pages the window is linked to (statusPageVisibility), live to their visitors; with `notifySubscribers: true` their verified subscribers are told.",
    tag,
    params: one,
    body: CreateMaintenanceUpdateInput,
    status: 201,
    response: MaintenanceUpdateResponse,
    handler: async ({ ctx, params, body }) =>
      toMaintenanceUpdateResponse(
        await createMaintenanceUpdate({ ctx, windowId: params.id, maintenanceId: params.maintenanceId, input: body }),
      ),
  },
  {
    method: "PUT",
    path: `${base}/{maintenanceId}/updates/{updateId}`,
    operationId: "updateMaintenanceUpdate",
    summary: "Update a maintenance window status update",
    description:
      "Needs description; an omitted status or notifySubscribers keeps its value. `notifySubscribers: true` tells the subscribers of the edited update.",
    tag,
    params: update,
    body: UpdateMaintenanceUpdateInput,
    status: 200,
    response: MaintenanceUpdateResponse,
    handler: async ({ ctx, params, body }) =>
      toMaintenanceUpdateResponse(
        await updateMaintenanceUpdate({
          ctx,
          windowId: params.id,
          maintenanceId: params.maintenanceId,
          id: params.updateId,
          input: body,
        }),
      ),
  },
  {
    method: "DELETE",
    path: `${base}/{maintenanceId}/updates/{updateId}`,
    operationId: "deleteMaintenanceUpdate",
    summary: "Delete a maintenance window status update",
    description: "It leaves the status pages at once.",
    tag,
    params: update,
    status: 204,
    handler: ({ ctx, params }) =>
      deleteMaintenanceUpdate({ ctx, windowId: params.id, maintenanceId: params.maintenanceId, id: params.updateId }),
  },
];
