/**
 * Domain errors: the only errors a client may see. Each transport maps them in one place
 * (src/http/errors.ts, the GraphQL error types); anything else is an internal error.
 */
export type ValidationSource = "payload" | "query" | "params" | "headers";

export abstract class DomainError extends Error {
  abstract readonly code: string;
}

export class ValidationError extends DomainError {
  readonly code = "VALIDATION";
  constructor(
    message: string,
    /** Dotted paths with numeric indexes: `locations.1`, `incidentUpdates.0.description`. */
    readonly keys: string[],
    readonly source: ValidationSource = "payload",
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly code = "NOT_FOUND";
  constructor(entity: string, id?: string | number) {
    super(id === undefined ? `${entity} not found` : `${entity} ${JSON.stringify(String(id))} not found`);
  }
}

export class ConflictError extends DomainError {
  readonly code = "CONFLICT";
}

export class UnauthorizedError extends DomainError {
  readonly code = "UNAUTHENTICATED";
}

export class ForbiddenError extends DomainError {
  readonly code = "FORBIDDEN";
}

export class RateLimitedError extends DomainError {
  readonly code = "RATE_LIMITED";
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limit exceeded, retry in ${retryAfterSeconds} s`);
  }
}

/** A body larger than the operation allows (an agent's upload past a run's 150 MB). */
export class PayloadTooLargeError extends DomainError {
  readonly code = "PAYLOAD_TOO_LARGE";
}

/** A body of a media type the operation does not take. */
export class UnsupportedMediaTypeError extends DomainError {
  readonly code = "UNSUPPORTED_MEDIA_TYPE";
}
