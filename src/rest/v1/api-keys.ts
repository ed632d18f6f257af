import { z } from "zod";
import { createOwnApiKey, CreateOwnApiKeyInput, listApiKeys, revokeApiKey } from "../../domain/api-keys/index.js";
import type { ApiKeyView } from "../../domain/api-keys/view.js";
import { iso, isoString } from "../format.js";
import { type Route, uuidParam } from "../route.js";

const ApiKeyResponse = z.object({
  id: z.string(),
  name: z.string().nullable(),
  maskedKey: z
    .string()
    .describe("The key's first 7 and last 4 characters (`????` for keys made before those were kept)"),
  created_at: isoString,
  last_used_at: isoString.nullable().describe("Updated at most once a minute"),
});
const CreatedApiKeyResponse = ApiKeyResponse.extend({
  key: z.string().describe("The key itself (`vg_...`): shown in this response only, stored as a hash"),
});

const toApiKeyResponse = (k: ApiKeyView): z.infer<typeof ApiKeyResponse> => ({
  id: k.id,
  name: k.name,
  maskedKey: k.maskedKey,
  created_at: iso(k.createdAt),
  last_used_at: iso(k.lastUsedAt),
});

const tag = "API keys";

export const apiKeysRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/api-keys",
    operationId: "listApiKeys",
    summary: "List the account's API keys, oldest first",
    description:
      "Each key as `maskedKey` only: the key itself is shown once, at its creation. Revoked keys are not listed.",
    tag,
    status: 200,
    response: z.array(ApiKeyResponse),
    handler: async ({ ctx }) => (await listApiKeys({ ctx })).map(toApiKeyResponse),
  },
  {
    method: "POST",
    path: "/v1/api-keys",
    operationId: "createApiKey",
    summary: "Create an API key for the account",
    description: "The key is shown only in this response; only its hash is stored. The body may be omitted.",
    tag,
    body: CreateOwnApiKeyInput,
    bodyOptional: true,
    status: 201,
    response: CreatedApiKeyResponse,
    handler: async ({ ctx, body }) => {
      const { key, ...view } = await createOwnApiKey({ ctx, input: body });
      return { ...toApiKeyResponse(view), key };
    },
  },
  {
    method: "DELETE",
    path: "/v1/api-keys/{id}",
    operationId: "revokeApiKey",
    summary: "Revoke an API key",
    description:
      "The key is refused from the next request on, on every instance within a second; revoking the key the request is sent with is allowed. The account's last key cannot be revoked (409): create another first.",
    tag,
    params: { id: uuidParam("The id of the key") },
    status: 204,
    otherResponses: { 409: "The account's last API key" },
    handler: async ({ ctx, params }) => revokeApiKey({ ctx, keyId: params.id }),
  },
];
