import { z } from "zod";
import type { StatusPageServiceRow } from "../../domain/status-page-services/index.js";
import {
  createService,
  deleteService,
  getService,
  ListServicesQuery,
  listServices,
  ServiceInput,
  updateService,
} from "../../domain/status-page-services/index.js";
import { iso, timestamps } from "../format.js";
import { type Route, uuidParam } from "../route.js";

export const ServiceResponse = z.object({ id: z.string(), accountId: z.string(), name: z.string(), ...timestamps });

export function toServiceResponse(s: StatusPageServiceRow): z.infer<typeof ServiceResponse> {
  return { id: s.id, accountId: s.accountId, name: s.name, created_at: iso(s.createdAt), updated_at: iso(s.updatedAt) };
}

const ServicesPage = z.object({
  length: z.number().int(),
  entries: z.array(ServiceResponse),
  nextId: z.string().nullable(),
});

const tag = "Status page services";
const params = { id: uuidParam("The id of the service") };

export const statusPageServicesRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/status-pages/services",
    operationId: "createStatusPageService",
    summary: "Create a service",
    description: "A service is what status-page cards and incidents name.",
    tag,
    body: ServiceInput,
    status: 201,
    response: ServiceResponse,
    handler: async ({ ctx, body }) => toServiceResponse(await createService({ ctx, input: body })),
  },
  {
    method: "GET",
    path: "/v1/status-pages/services",
    operationId: "listStatusPageServices",
    summary: "List services, newest first",
    description:
      "Pages of `limit` services (default 20); follow `nextId` until it is null, or send `paginated=false` for every service at once.",
    tag,
    query: ListServicesQuery,
    status: 200,
    response: ServicesPage,
    handler: async ({ ctx, query }) => {
      const { entries, nextId } = await listServices({ ctx, query });
      return { length: entries.length, entries: entries.map(toServiceResponse), nextId };
    },
  },
  {
    method: "GET",
    path: "/v1/status-pages/services/{id}",
    operationId: "getStatusPageService",
    summary: "Retrieve a service",
    description: "A service of another account is a 404, as a missing one.",
    tag,
    params,
    status: 200,
    response: ServiceResponse,
    handler: async ({ ctx, params }) => toServiceResponse(await getService({ ctx, id: params.id })),
  },
  {
    method: "PUT",
    path: "/v1/status-pages/services/{id}",
    operationId: "updateStatusPageService",
    summary: "Update a service",
    description: "Renames the service; the cards and incidents that name it show the new name.",
    tag,
    params,
    body: ServiceInput,
    status: 200,
    response: ServiceResponse,
    handler: async ({ ctx, params, body }) =>
      toServiceResponse(await updateService({ ctx, id: params.id, input: body })),
  },
  {
    method: "DELETE",
    path: "/v1/status-pages/services/{id}",
    operationId: "deleteStatusPageService",
    summary: "Delete a service",
    description: "The service also leaves the cards and incidents that named it.",
    tag,
    params,
    status: 204,
    handler: async ({ ctx, params }) => deleteService({ ctx, id: params.id }),
  },
];
