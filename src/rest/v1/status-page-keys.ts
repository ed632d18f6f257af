import { z } from "zod";
import { createStatusPageKey, deleteStatusPageKey, listStatusPageKeys } from "../../domain/status-page-keys/index.js";
import { iso, isoString, timestamps } from "../format.js";
import { type Route, uuidParam } from "../route.js";

export const StatusPageKeyResponse = z.object({ id: z.string(), maskedKey: z.string(), ...timestamps });
const CreatedStatusPageKeyResponse = z.object({
  id: z.string(),
  key: z.string().describe("The key itself (`sp_...`): shown in this response only, stored as a hash"),
  maskedKey: z.string(),
  created_at: isoString,
});

type KeyRow = { id: string; maskedKey: string; createdAt: Date; updatedAt: Date };

export const toStatusPageKeyResponse = (k: KeyRow): z.infer<typeof StatusPageKeyResponse> => ({
  id: k.id,
  maskedKey: k.maskedKey,
  created_at: iso(k.createdAt),
  updated_at: iso(k.updatedAt),
});

const tag = "Status pages";
const params = { statusPageId: uuidParam("The id of the status page") };

export const statusPageKeysRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/status-pages/{statusPageId}/keys",
    operationId: "createStatusPageKey",
    summary: "Create a key that opens a private status page",
    description:
      "Visitors open a private page with `?key=` or the page's key form. The key is shown only in this response; only its hash is stored.",
    tag,
    params,
    status: 201,
    response: CreatedStatusPageKeyResponse,
    handler: async ({ ctx, params }) => {
      const k = await createStatusPageKey({ ctx, statusPageId: params.statusPageId });
      return { id: k.id, key: k.key, maskedKey: k.maskedKey, created_at: iso(k.createdAt) };
    },
  },
  {
    method: "GET",
    path: "/v1/status-pages/{statusPageId}/keys",
    operationId: "listStatusPageKeys",
    summary: "List the keys of a status page, oldest first",
    description: "Each key as `maskedKey` only: the key itself is shown once, at its creation.",
    tag,
    params,
    status: 200,
    response: z.array(StatusPageKeyResponse),
    handler: async ({ ctx, params }) =>
      (await listStatusPageKeys({ ctx, statusPageId: params.statusPageId })).map(toStatusPageKeyResponse),
  },
  {
    method: "DELETE",
    path: "/v1/status-pages/{statusPageId}/keys/{keyId}",
    operationId: "deleteStatusPageKey",
    summary: "Revoke a key of a status page",
    description: "Visitors holding the key, or a cookie made with it, are refused from their next request.",
    tag,
    params: { ...params, keyId: uuidParam("The id of the key") },
    status: 204,
    handler: async ({ ctx, params }) =>
      deleteStatusPageKey({ ctx, statusPageId: params.statusPageId, keyId: params.keyId }),
  },
];
