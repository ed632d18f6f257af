import { GraphQLError } from "graphql";
import { systemContext } from "../../../app-context.js";
import { UnauthorizedError, ValidationError } from "../../../domain/shared/errors.js";
import { completeSetup, endSession, openSession, type OpenedSession } from "../../../domain/sessions/index.js";
import { builder } from "../../builder.js";
import type { GraphQLContext, WebRequest } from "../../context.js";
import { SessionRef } from "./type.js";

/**
 * The request's cookie side, for the mutations that set or clear the cookie: over HTTP only, and
 * only from our own pages (same-origin.ts), for sign-in as for every cookie request.
 */
function cookieRequest(ctx: GraphQLContext): WebRequest {
  const web = ctx.web;
  if (!web) throw new GraphQLError("sign in and out over HTTP (POST /graphql)", { extensions: { code: "FORBIDDEN" } });
  if (web.crossSite) throw new GraphQLError(web.crossSite, { extensions: { code: "FORBIDDEN" } });
  return web;
}

/**
 * For the mutations that try a credential: counted against the client address like a key-less
 * request, also when a key or a session signed this request in (those were counted by their key).
 */
async function guessRequest(ctx: GraphQLContext): Promise<WebRequest> {
  const web = cookieRequest(ctx);
  if (ctx.caller) await ctx.app.auth.limitKeyless(web.address);
  return web;
}

/** Sets the cookie of a session just opened. */
function signedIn(web: WebRequest, opened: OpenedSession) {
  web.setSessionCookie(opened.token);
  return opened.session;
}

const SignInSuccessRef = builder
  .objectRef<{ session: OpenedSession["session"] }>("SignInSuccess")
  .implement({ fields: (t) => ({ session: t.field({ type: SessionRef, resolve: (result) => result.session }) }) });

const CompleteSetupSuccessRef = builder
  .objectRef<{ apiKey: string; session: OpenedSession["session"] }>("CompleteSetupSuccess")
  .implement({
    fields: (t) => ({
      apiKey: t.exposeString("apiKey", { description: "The account's API key (vg_...): shown once, store it now." }),
      session: t.field({ type: SessionRef, resolve: (result) => result.session }),
    }),
  });

const SignOutSuccessRef = builder.objectRef<{ signedOut: boolean }>("SignOutSuccess").implement({
  fields: (t) => ({
    signedOut: t.exposeBoolean("signedOut", {
      description: "Whether a session was open (the cookie is cleared anyway).",
    }),
  }),
});

const SignOutResultRef = builder.unionType("SignOutResult", {
  types: [SignOutSuccessRef],
  resolveType: () => SignOutSuccessRef,
});

builder.mutationFields((t) => ({
  signIn: t.field({
    type: SignInSuccessRef,
    description:
      "Opens a session with an API key of the account and sets the vigil_session cookie (HttpOnly). Counted " +
      "against the client address's limit of requests without a key.",
    errors: { types: [UnauthorizedError], directResult: true },
    args: { apiKey: t.arg.string({ required: true }) },
    resolve: async (_root, { apiKey }, ctx) => {
      const web = await guessRequest(ctx);
      const opened = await openSession({ ctx: systemContext(ctx.app), input: { apiKey } });
      // The browser keeps one cookie: the session it replaces ends now rather than in 12 hours.
      if (web.cookie) await endSession({ ctx: systemContext(ctx.app), token: web.cookie });
      return { session: signedIn(web, opened) };
    },
  }),
  signOut: t.field({
    type: SignOutResultRef,
    description: "Ends the cookie's session (on every instance, with its streams) and clears the cookie.",
    resolve: async (_root, _args, ctx) => {
      const web = cookieRequest(ctx);
      const signedOut = web.cookie ? await endSession({ ctx: systemContext(ctx.app), token: web.cookie }) : false;
      web.setSessionCookie(null);
      return { signedOut };
    },
  }),
  completeSetup: t.field({
    type: CompleteSetupSuccessRef,
    description:
      "The first run's setup (the link logged at start): creates the first account and its API key, shown " +
      "once here, and signs in. An unknown, used or expired token is a ValidationError.",
    errors: { types: [ValidationError], directResult: true },
    args: {
      token: t.arg.string({ required: true }),
      accountName: t.arg.string({ description: "The account's name (default: Default account)." }),
    },
    resolve: async (_root, { token, accountName }, ctx) => {
      const web = await guessRequest(ctx);
      const { apiKey, ...opened } = await completeSetup({ ctx: systemContext(ctx.app), input: { token, accountName } });
      return { apiKey, session: signedIn(web, opened) };
    },
  }),
}));
