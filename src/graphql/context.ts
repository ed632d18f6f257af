import { GraphQLError } from "graphql";
import type { Caller, Credentials } from "../auth/authenticate.js";
import type { AppContext } from "../app-context.js";
import { DomainError, RateLimitedError, UnauthorizedError } from "../domain/errors.js";

export type GraphQLContext = {
  app: AppContext;
  /** null for a request without a key: only public fields answer it. */
  caller: Caller | null;
};

const httpStatus: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, RATE_LIMITED: 429 };

/**
 * A domain error as a GraphQL error the client may see (never masked). `requestLevel` errors
 * (a bad key, the rate limit) also set the HTTP status; a field's error leaves it 200.
 */
export function toGraphQLError(error: DomainError, requestLevel = false): GraphQLError {
  const status = requestLevel ? httpStatus[error.code] : undefined;
  const headers = error instanceof RateLimitedError ? { "retry-after": String(error.retryAfterSeconds) } : undefined;
  return new GraphQLError(error.message, { extensions: { code: error.code, ...(status ? { http: { status, headers } } : {}) } });
}

/** A key is optional on /graphql (public status pages need none), but a key that is sent must be valid. */
export async function buildContext(app: AppContext, credentials: Credentials): Promise<GraphQLContext> {
  if (!credentials.authorization) return { app, caller: null };
  try {
    return { app, caller: await app.auth.authenticate(credentials) };
  } catch (error) {
    throw error instanceof DomainError ? toGraphQLError(error, true) : error;
  }
}

export function requireCaller(ctx: GraphQLContext): Caller {
  if (!ctx.caller) throw toGraphQLError(new UnauthorizedError("this field needs an API key: send 'Authorization: Bearer <API key>'"));
  return ctx.caller;
}
