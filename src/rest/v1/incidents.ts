import { z } from "zod";
import type { IncidentUpdateRow } from "../../domain/incidents/index.js";
import {
  createIncident,
  createIncidentUpdate,
  CreateIncidentInput,
  CreateIncidentUpdateInput,
  deleteIncident,
  deleteIncidentUpdate,
  getIncident,
  getIncidentUpdate,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type IncidentStatus,
  type IncidentView,
  ListIncidentsQuery,
  listIncidents,
  listIncidentUpdates,
  updateIncident,
  UpdateIncidentInput,
  updateIncidentUpdate,
  UpdateIncidentUpdateInput,
} from "../../domain/incidents/index.js";
import { iso, isoString, timestamps } from "../format.js";
import { type Route, uuidParam } from "../route.js";
import { ServiceResponse, toServiceResponse } from "./status-page-services.js";

export const IncidentUpdateResponse = z.object({
  id: z.string(),
  description: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  publicIncidentUpdateDate: isoString,
  notifySubscribers: z.boolean(),
  ...timestamps,
});

export function toIncidentUpdateResponse(u: IncidentUpdateRow): z.infer<typeof IncidentUpdateResponse> {
  return {
    id: u.id,
    description: u.description,
    status: u.status as IncidentStatus,
    publicIncidentUpdateDate: iso(u.publicIncidentUpdateDate),
    notifySubscribers: u.notifySubscribers,
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
  };
}

export const IncidentResponse = z.object({
  id: z.string(),
  name: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES),
  services: z.array(ServiceResponse),
  incidentUpdates: z.array(IncidentUpdateResponse).describe("newest first"),
  lastUpdateStatus: z.enum(INCIDENT_STATUSES).describe("the status of the latest update"),
  duration: z
    .number()
    .int()
    .nullable()
    .describe("seconds from the first update to the latest RESOLVED one; null while unresolved"),
  ...timestamps,
});

export function toIncidentResponse(i: IncidentView): z.infer<typeof IncidentResponse> {
  return {
    id: i.id,
    name: i.name,
    severity: i.severity as (typeof INCIDENT_SEVERITIES)[number],
    services: i.services.map(toServiceResponse),
    incidentUpdates: i.updates.map(toIncidentUpdateResponse),
    lastUpdateStatus: i.lastUpdateStatus,
    duration: i.duration,
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
  };
}

const tag = "Status page incidents";
const base = "/v1/status-pages/incidents";
const incident = { incidentId: uuidParam("The id of the incident") };
const update = { ...incident, incidentUpdateId: uuidParam("The id of the incident update") };
const IncidentsPage = z.object({
  length: z.number().int(),
  entries: z.array(IncidentResponse),
  nextId: z.string().nullable(),
});

export const incidentsRoutes: Route[] = [
  {
    method: "POST",
    path: base,
    operationId: "createIncident",
    summary: "Create an incident",
    description: "Needs at least one incident update; `services` names the affected services by id.",
    tag,
    body: CreateIncidentInput,
    status: 201,
    response: IncidentResponse,
    handler: async ({ ctx, body }) => toIncidentResponse(await createIncident({ ctx, input: body })),
  },
  {
    method: "GET",
    path: base,
    operationId: "listIncidents",
    summary: "List the latest incidents, newest first",
    description: "Pages of `limit` incidents (default 20); follow `nextId` until it is null.",
    tag,
    query: ListIncidentsQuery,
    status: 200,
    response: IncidentsPage,
    handler: async ({ ctx, query }) => {
      const { entries, nextId } = await listIncidents({ ctx, query });
      return { length: entries.length, entries: entries.map(toIncidentResponse), nextId };
    },
  },
  {
    method: "GET",
    path: `${base}/{incidentId}`,
    operationId: "getIncident",
    summary: "Retrieve an incident",
    description: "The incident with its services and latest updates.",
    tag,
    params: incident,
    status: 200,
    response: IncidentResponse,
    handler: async ({ ctx, params }) => toIncidentResponse(await getIncident({ ctx, id: params.incidentId })),
  },
  {
    method: "PUT",
    path: `${base}/{incidentId}`,
    operationId: "updateIncident",
    summary: "Update an incident",
    tag,
    description:
      "Needs name, severity and services, and replaces them. Updates change through their own operations; incidentUpdates sent here are ignored.",
    params: incident,
    body: UpdateIncidentInput,
    status: 200,
    response: IncidentResponse,
    handler: async ({ ctx, params, body }) =>
      toIncidentResponse(await updateIncident({ ctx, id: params.incidentId, input: body })),
  },
  {
    method: "DELETE",
    path: `${base}/{incidentId}`,
    operationId: "deleteIncident",
    summary: "Delete an incident and its updates",
    description: "Its updates are deleted with it; its services stay.",
    tag,
    params: incident,
    status: 204,
    handler: async ({ ctx, params }) => deleteIncident({ ctx, id: params.incidentId }),
  },
  {
    method: "POST",
    path: `${base}/{incidentId}/incident-updates`,
    operationId: "createIncidentUpdate",
    summary: "Add an incident update",
    tag,
    description: "Without a status, the update takes the incident's current status.",
    params: incident,
    body: CreateIncidentUpdateInput,
    status: 201,
    response: IncidentUpdateResponse,
    handler: async ({ ctx, params, body }) =>
      toIncidentUpdateResponse(await createIncidentUpdate({ ctx, incidentId: params.incidentId, input: body })),
  },
  {
    method: "GET",
    path: `${base}/{incidentId}/incident-updates`,
    operationId: "listIncidentUpdates",
    summary: "List the 100 latest incident updates, newest first",
    description: "The incident's updates by publicIncidentUpdateDate, newest first, at most 100.",
    tag,
    params: incident,
    status: 200,
    response: z.array(IncidentUpdateResponse),
    handler: async ({ ctx, params }) =>
      (await listIncidentUpdates({ ctx, incidentId: params.incidentId })).map(toIncidentUpdateResponse),
  },
  {
    method: "GET",
    path: `${base}/{incidentId}/incident-updates/{incidentUpdateId}`,
    operationId: "getIncidentUpdate",
    summary: "Retrieve an incident update",
    description: "An update of another incident, or of another account's incident, is a 404.",
    tag,
    params: update,
    status: 200,
    response: IncidentUpdateResponse,
    handler: async ({ ctx, params }) =>
      toIncidentUpdateResponse(
        await getIncidentUpdate({ ctx, incidentId: params.incidentId, id: params.incidentUpdateId }),
      ),
  },
  {
    method: "PUT",
    path: `${base}/{incidentId}/incident-updates/{incidentUpdateId}`,
    operationId: "updateIncidentUpdate",
    summary: "Update an incident update",
    tag,
    description: "Needs description; an omitted optional property keeps its value.",
    params: update,
    body: UpdateIncidentUpdateInput,
    status: 200,
    response: IncidentUpdateResponse,
    handler: async ({ ctx, params, body }) =>
      toIncidentUpdateResponse(
        await updateIncidentUpdate({ ctx, incidentId: params.incidentId, id: params.incidentUpdateId, input: body }),
      ),
  },
  {
    method: "DELETE",
    path: `${base}/{incidentId}/incident-updates/{incidentUpdateId}`,
    operationId: "deleteIncidentUpdate",
    summary: "Delete an incident update",
    tag,
    description: "An incident keeps at least one update: deleting its last one is a 409.",
    params: update,
    status: 204,
    otherResponses: { 409: "The incident's last update" },
    handler: async ({ ctx, params }) =>
      deleteIncidentUpdate({ ctx, incidentId: params.incidentId, id: params.incidentUpdateId }),
  },
];
