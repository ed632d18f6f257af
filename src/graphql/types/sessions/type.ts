import { setupRequired, type SessionView } from "../../../domain/sessions/index.js";
import { builder } from "../../builder.js";
import { AccountRef } from "../accounts/type.js";

export const SessionRef = builder.objectRef<SessionView>("Session").implement({
  description:
    "A signed-in browser of the operator app (the vigil_session cookie), opened with an API key of the account: " +
    "it ends when that key is revoked, after 12 hours without a request, or 30 days after it began.",
  fields: (t) => ({
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "The latest end: 30 days after sign-in." }),
    idleExpiresAt: t.expose("idleExpiresAt", {
      type: "DateTime",
      description: "The end unless a request comes before: 12 hours after the last one (seen to the minute).",
    }),
    account: t.field({ type: AccountRef, resolve: (session) => ({ id: session.accountId }) }),
  }),
});

builder.queryFields((t) => ({
  session: t.field({
    type: SessionRef,
    nullable: true,
    description: "The caller's session when the session cookie signed the request in; null otherwise (no error).",
    resolve: (_root, _args, ctx) => ctx.session,
  }),
  setupRequired: t.boolean({
    description:
      "Whether the service holds no account yet: the first run's setup link (logged at start) is to be used.",
    resolve: (_root, _args, ctx) => setupRequired({ ctx: { db: ctx.app.database.prisma } }),
  }),
}));
