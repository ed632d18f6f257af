import { listApiKeys } from "../../../domain/api-keys/index.js";
import type { ApiKeyView } from "../../../domain/api-keys/view.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { ViewerRef } from "../accounts/type.js";

export const ApiKeyRef = builder.objectRef<ApiKeyView>("ApiKey").implement({
  description: "An API key of the account, masked: the key itself is shown once, by createApiKey.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name", { nullable: true }),
    maskedKey: t.exposeString("maskedKey", {
      description: "The key's first 7 and last 4 characters (`????` for keys made before those were kept).",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastUsedAt: t.expose("lastUsedAt", {
      type: "DateTime",
      nullable: true,
      description: "Updated at most once a minute.",
    }),
  }),
});

builder.objectField(ViewerRef, "apiKeys", (t) =>
  t.field({
    type: [ApiKeyRef],
    description: "The account's API keys that still open it, oldest first (an account has a handful: no paging).",
    resolve: (_viewer, _args, ctx) => listApiKeys({ ctx: domain(ctx) }),
  }),
);
