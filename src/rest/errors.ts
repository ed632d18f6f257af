import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from "../domain/errors.js";

/** The REST error body of docs/decisions.md: {statusCode, error, message[, validation]}. */
export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  validation?: { source: "payload" | "query" | "params"; keys: string[] };
};

export function errorBody(statusCode: number, message: string, validation?: ErrorBody["validation"]): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? "Error", message, ...(validation ? { validation } : {}) };
}

function statusOf(error: DomainError): number {
  if (error instanceof ValidationError) return 400;
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof RateLimitedError) return 429;
  return 400;
}

/** Fastify's own client errors (body parsing, size, media type) keep their status with our body. */
const clientErrors: Record<string, { status: number; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "request body is larger than 1 MiB" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: "request body must be JSON (Content-Type: application/json)",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "request body is empty but Content-Type is application/json" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400 },
};

/** The one mapper from any error to a REST response; internal errors are logged and masked. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    if (error instanceof RateLimitedError) void reply.header("retry-after", String(error.retryAfterSeconds));
    const validation = error instanceof ValidationError ? { source: error.source, keys: error.keys } : undefined;
    const status = statusOf(error);
    return reply.status(status).send(errorBody(status, error.message, validation));
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? clientErrors[fastifyError.code] : undefined;
  if (known) return reply.status(known.status).send(errorBody(known.status, known.message ?? fastifyError.message));
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return reply
      .status(400)
      .send(errorBody(400, `malformed JSON body: ${fastifyError.message}`, { source: "payload", keys: [] }));
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return reply.status(fastifyError.statusCode).send(errorBody(fastifyError.statusCode, fastifyError.message));
  }
  request.log.error({ err: error }, "internal error");
  return reply.status(500).send(errorBody(500, "internal server error"));
}
