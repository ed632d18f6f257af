import { pageApiKeys } from "../../../domain/api-keys/index.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain } from "../../context.js";
import { ViewerRef } from "../accounts/type.js";
import { SessionRef } from "../sessions/type.js";
import { ApiKeyRef } from "./type.js";

// The keys a page at a time: the operator app's keys screen pages on the server, as every list does.
builder.objectField(ViewerRef, "apiKeyConnection", (t) =>
  t.connection(
    {
      type: ApiKeyRef,
      description: "The account's API keys that still open it, newest first, a page at a time (masked).",
      resolve: async (_viewer, args, ctx) => toConnection(await pageApiKeys({ ctx: domain(ctx), args })),
    },
    { name: "ApiKeyConnection" },
    { name: "ApiKeyEdge" },
  ),
);

// Which key a signed-in browser used: revoking it ends this very session, and the app says so first.
builder.objectField(SessionRef, "apiKeyId", (t) =>
  t.exposeID("apiKeyId", { description: "ApiKey.id of the key the session was opened with." }),
);
