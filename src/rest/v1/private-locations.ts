import { z } from "zod";
import {
  createAgentKey,
  CreatePrivateLocationInput,
  createPrivateLocation,
  deleteAgentKey,
  deletePrivateLocation,
  getPrivateLocation,
  listErrorReports,
  ListErrorReportsQuery,
  listPrivateLocations,
  type AgentKeyView,
  type ErrorReportView,
  type PrivateLocationView,
  UpdatePrivateLocationInput,
  updatePrivateLocation,
} from "../../domain/private-locations/index.js";
import { iso, isoString, timestamps } from "../format.js";
import { type Route, uuidParam } from "../route.js";

export const PrivateLocationKeyResponse = z.object({
  id: z.string(),
  rawKey: z.string().optional().describe("The key itself: only in the response that created it"),
  maskedKey: z.string(),
  lastUsedAt: isoString.nullable(),
  ...timestamps,
});

export const PrivateLocationResponse = z.object({
  id: z.string(),
  name: z.string(),
  slugName: z.string(),
  icon: z.string(),
  proxyUrl: z.string().nullable(),
  keys: z.array(PrivateLocationKeyResponse),
  lastSeen: isoString.nullable().describe("When an agent of this location last called the service"),
  agentCount: z
    .number()
    .int()
    .describe(
      "Agents of this location seen in the last 2 minutes (a claim or a lease renewal) that did not leave since (their claim's connection closed)",
    ),
  queueSize: z.number().int().describe("Runs queued for this location's agents"),
  ...timestamps,
});

export const AgentErrorReportResponse = z.object({
  id: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  agentVersion: z.string(),
  platform: z.string(),
  runtimeVersion: z.string(),
  created_at: isoString,
});

export function toAgentErrorReportResponse(r: ErrorReportView): z.infer<typeof AgentErrorReportResponse> {
  return {
    id: r.id,
    message: r.message,
    stack: r.stack,
    agentVersion: r.agentVersion,
    platform: r.platform,
    runtimeVersion: r.runtimeVersion,
    created_at: iso(r.createdAt),
  };
}

type KeyResponse = z.infer<typeof PrivateLocationKeyResponse>;

/** Agent keys never change after creation, so updated_at is null. */
export function toPrivateLocationKeyResponse(k: AgentKeyView & { rawKey?: string }): KeyResponse {
  return {
    id: k.id,
    ...(k.rawKey === undefined ? {} : { rawKey: k.rawKey }),
    maskedKey: k.maskedKey,
    lastUsedAt: iso(k.lastUsedAt),
    created_at: iso(k.createdAt),
    updated_at: null,
  };
}

export function toPrivateLocationResponse(l: PrivateLocationView): z.infer<typeof PrivateLocationResponse> {
  return {
    id: l.id,
    name: l.name,
    slugName: l.slugName,
    icon: l.icon ?? "location",
    proxyUrl: l.proxyUrl,
    keys: l.keys.map(toPrivateLocationKeyResponse),
    lastSeen: iso(l.lastSeenAt),
    agentCount: l.agentCount,
    queueSize: l.queueSize,
    created_at: iso(l.createdAt),
    updated_at: iso(l.updatedAt),
  };
}

const tag = "Private locations";
const params = { id: uuidParam("The id of the private location") };

export const privateLocationsRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/private-locations",
    operationId: "createPrivateLocation",
    summary: "Create a private location",
    description: "Also creates its first agent key; `keys[0].rawKey` is shown only in this response.",
    tag,
    body: CreatePrivateLocationInput,
    status: 201,
    response: PrivateLocationResponse,
    otherResponses: { 409: "slugName is already taken in this account" },
    handler: async ({ ctx, body }) => toPrivateLocationResponse(await createPrivateLocation({ ctx, input: body })),
  },
  {
    method: "GET",
    path: "/v1/private-locations",
    operationId: "listPrivateLocations",
    summary: "List private locations, newest first",
    description:
      "Every private location of the account, with its keys (masked) and the runs waiting for an agent (`queueSize`).",
    tag,
    status: 200,
    response: z.array(PrivateLocationResponse),
    handler: async ({ ctx }) => (await listPrivateLocations({ ctx })).map(toPrivateLocationResponse),
  },
  {
    method: "GET",
    path: "/v1/private-locations/{id}",
    operationId: "getPrivateLocation",
    summary: "Retrieve a private location",
    description: "The location with its keys (masked) and the runs waiting for an agent (`queueSize`).",
    tag,
    params,
    status: 200,
    response: PrivateLocationResponse,
    handler: async ({ ctx, params }) => toPrivateLocationResponse(await getPrivateLocation({ ctx, id: params.id })),
  },
  {
    method: "PUT",
    path: "/v1/private-locations/{id}",
    operationId: "updatePrivateLocation",
    summary: "Update a private location",
    description: "Needs name; an omitted icon or proxyUrl keeps its value. slugName cannot change.",
    tag,
    params,
    body: UpdatePrivateLocationInput,
    status: 200,
    response: PrivateLocationResponse,
    handler: async ({ ctx, params, body }) =>
      toPrivateLocationResponse(await updatePrivateLocation({ ctx, id: params.id, input: body })),
  },
  {
    method: "DELETE",
    path: "/v1/private-locations/{id}",
    operationId: "deletePrivateLocation",
    summary: "Delete a private location with its keys",
    description:
      "Its agent keys and queued runs go with it. A location still named in a check's or group's `privateLocations` is a 409.",
    tag,
    params,
    status: 204,
    otherResponses: { 409: "checks or check groups still run on this location" },
    handler: async ({ ctx, params }) => deletePrivateLocation({ ctx, id: params.id }),
  },
  {
    method: "POST",
    path: "/v1/private-locations/{id}/keys",
    operationId: "createPrivateLocationKey",
    summary: "Create an agent key for a private location",
    description: "The key (`rawKey`, starting with `pl_`) is shown only in this response; only its hash is stored.",
    tag,
    params,
    status: 201,
    response: PrivateLocationKeyResponse,
    handler: async ({ ctx, params }) => toPrivateLocationKeyResponse(await createAgentKey({ ctx, id: params.id })),
  },
  {
    method: "GET",
    path: "/v1/private-locations/{id}/error-reports",
    operationId: "listPrivateLocationErrorReports",
    summary: "List the error reports of a private location's agents, newest first",
    description:
      "Error-level events the agents sent: message, stack, agent version, platform and runtime version only. The newest 500 are kept.",
    tag,
    params,
    query: ListErrorReportsQuery,
    status: 200,
    response: z.array(AgentErrorReportResponse),
    handler: async ({ ctx, params, query }) =>
      (await listErrorReports({ ctx, id: params.id, query })).map(toAgentErrorReportResponse),
  },
  {
    method: "DELETE",
    path: "/v1/private-locations/{id}/keys/{keyId}",
    operationId: "deletePrivateLocationKey",
    summary: "Revoke an agent key of a private location",
    description: "Agents using the key are refused from their next call.",
    tag,
    params: { ...params, keyId: uuidParam("The id of the key") },
    status: 204,
    handler: async ({ ctx, params }) => deleteAgentKey({ ctx, id: params.id, keyId: params.keyId }),
  },
];
