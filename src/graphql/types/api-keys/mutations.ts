import { createOwnApiKey, revokeApiKey } from "../../../domain/api-keys/index.js";
import type { ApiKeyView } from "../../../domain/api-keys/view.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { ApiKeyRef } from "./type.js";

/** The answer of createApiKey: the only place the key itself is ever shown. */
const NewApiKeyRef = builder.objectRef<ApiKeyView & { key: string }>("NewApiKey").implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyRef, resolve: (key) => key }),
    key: t.exposeString("key", { description: "The key (vg_...): shown once, store it now. Only its hash is kept." }),
  }),
});

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: NewApiKeyRef,
    description: "Another API key for the caller's account.",
    errors: writeErrors,
    args: { name: t.arg.string({ description: "What the key is for, shown in lists." }) },
    resolve: (_root, { name }, ctx) => createOwnApiKey({ ctx: domain(ctx), input: name == null ? {} : { name } }),
  }),
  revokeApiKey: t.field({
    type: DeletedRef,
    description:
      "Revokes one of the account's keys: refused from the next request on, on every instance within a second " +
      "(the key sending this request too). The account's last key is a ConflictError. deletedId is ApiKey.id.",
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: "ApiKey.id" }) },
    resolve: async (_root, { id }, ctx) => {
      await revokeApiKey({ ctx: domain(ctx), keyId: id });
      return { deletedId: String(id) };
    },
  }),
}));
