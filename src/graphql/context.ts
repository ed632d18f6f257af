import DataLoader from "dataloader";
import { GraphQLError } from "graphql";
import type { Caller, Credentials } from "../auth/authenticate.js";
import { domainContext, type AppContext } from "../app-context.js";
import type { DomainContext } from "../domain/shared/context.js";
import { DomainError, ForbiddenError, RateLimitedError, UnauthorizedError } from "../domain/shared/errors.js";
import type { SessionView } from "../domain/sessions/index.js";
import type { Selection } from "./selection.js";

/** What a request over HTTP adds to the context: the cookie side of signing in (web-request.ts). */
export type WebRequest = {
  /** Why a session cookie may not act for this request (a cross-site request), or null. */
  crossSite: string | null;
  /** The request's session cookie, if any. */
  cookie: string | undefined;
  /** The client's address: the key-less limit's bucket (keyless-limit.ts). */
  address: string;
  /** Sets (a token) or clears (null) the session cookie on the answer. */
  setSessionCookie(token: string | null): void;
  /** What the cookie opened, read before yoga runs (null: no cookie, or a Bearer key sent, or nothing opened). */
  opened: { caller: Caller; session: SessionView } | null;
};

export type GraphQLContext = {
  app: AppContext;
  /** null for a request without a key: only public fields answer it. */
  caller: Caller | null;
  /** The operator app's session when the cookie (not a Bearer key) authenticated the request. */
  session: SessionView | null;
  /** null over WebSocket (no cookie can be set there). */
  web: WebRequest | null;
  /** Per-request dataloaders, made on first use (see `loader`). */
  loaders: Map<string, DataLoader<unknown, unknown>>;
  /** The scheme and host the client reached (links such as ping URLs point back here). */
  baseUrl: string;
  /** The fields the operation selects, set as it executes (selection.ts). */
  selection?: Selection | null;
};

const httpStatus: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, RATE_LIMITED: 429 };

/**
 * A domain error as a GraphQL error the client may see (never masked). `requestLevel` errors
 * (a bad key, the rate limit) also set the HTTP status; a field's error leaves it 200.
 */
export function toGraphQLError(error: DomainError, requestLevel = false): GraphQLError {
  const status = requestLevel ? httpStatus[error.code] : undefined;
  const headers = error instanceof RateLimitedError ? { "retry-after": String(error.retryAfterSeconds) } : undefined;
  const fieldPaths = "keys" in error ? { fieldPaths: (error as { keys: string[] }).keys } : {};
  return new GraphQLError(error.message, {
    extensions: { code: error.code, ...fieldPaths, ...(status ? { http: { status, headers } } : {}) },
  });
}

/**
 * A key is optional on /graphql (public status pages need none), but a key that is sent must be
 * valid. Without a key, a session cookie may stand for one: over HTTP as web-request.ts read it,
 * only on a request that passes the cross-site rule (else 403); over WebSocket (web null) it is
 * read here (the upgrade's Origin was checked in ws.ts). A cookie that opens nothing leaves the
 * request key-less.
 */
export async function buildContext(
  app: AppContext,
  credentials: Credentials,
  baseUrl: string,
  web: WebRequest | null = null,
): Promise<GraphQLContext> {
  const base = { app, caller: null, session: null, loaders: new Map(), baseUrl, web };
  try {
    if (credentials.authorization) return { ...base, caller: await app.auth.authenticate(credentials) };
    if (web?.cookie && web.crossSite) throw new ForbiddenError(web.crossSite);
    const opened = web
      ? web.opened
      : credentials.session
        ? await app.auth.authenticateSession(credentials.session)
        : null;
    return opened ? { ...base, ...opened } : base;
  } catch (error) {
    throw error instanceof DomainError ? toGraphQLError(error, true) : error;
  }
}

export function requireCaller(ctx: GraphQLContext): Caller {
  if (!ctx.caller)
    throw toGraphQLError(new UnauthorizedError("this field needs an API key: send 'Authorization: Bearer <API key>'"));
  return ctx.caller;
}

/** The domain `ctx` of the caller's account: what every resolver passes to a domain verb. */
export function domain(ctx: GraphQLContext): DomainContext {
  return domainContext(ctx.app, requireCaller(ctx).accountId);
}

/**
 * The request's dataloader named `name`, made on first use: batches every `load` of one tick
 * into one call of `batch` (which returns one value per key, in the keys' order).
 */
export function loader<K, V>(
  ctx: GraphQLContext,
  name: string,
  batch: (keys: readonly K[]) => Promise<V[]>,
): DataLoader<K, V> {
  let existing = ctx.loaders.get(name) as DataLoader<K, V> | undefined;
  if (!existing) {
    existing = new DataLoader<K, V>(async (keys) => batch(keys), { maxBatchSize: 500 });
    ctx.loaders.set(name, existing as DataLoader<unknown, unknown>);
  }
  return existing;
}
