import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
  type ValidationSource,
} from "../domain/shared/errors.js";

/** The REST error body of docs/decisions.md: {statusCode, error, message[, validation]}. */
export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  validation?: { source: ValidationSource; keys: string[] };
};

export function errorBody(statusCode: number, message: string, validation?: ErrorBody["validation"]): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? "Error", message, ...(validation ? { validation } : {}) };
}

/**
 * A whole HTTP/1.1 error response as text, for the places that answer below Fastify (a socket over
 * a connection cap, a request Node's parser refused or timed out, a WebSocket upgrade to a REST
 * path): the same body, and `Connection: close` because the socket closes after it.
 */
export function rawErrorResponse(
  statusCode: number,
  message: string,
  options: { validation?: ErrorBody["validation"]; headers?: Record<string, string> } = {},
): string {
  const body = JSON.stringify(errorBody(statusCode, message, options.validation));
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
    ...options.headers,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? "Error"}\r\n${lines.join("")}\r\n${body}`;
}

/** The answer to a request reaching a server that is shutting down: 503, and the client goes elsewhere. */
export function sendShuttingDown(reply: FastifyReply) {
  return reply
    .status(503)
    .header("connection", "close")
    .header("retry-after", "1")
    .send(errorBody(503, "the server is shutting down; retry the request"));
}

function statusOf(error: DomainError): number {
  if (error instanceof ValidationError) return 400;
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof PayloadTooLargeError) return 413;
  if (error instanceof UnsupportedMediaTypeError) return 415;
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

/**
 * The one mapper from any error to a REST response. A client's mistake (4xx) is logged at debug:
 * the request line already records its status, and it is no fault of the service, so it must not
 * page anyone; anything else is an internal error, logged at error and masked as a 500.
 */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: ErrorBody) => {
    request.log.debug({ statusCode: status, message: body.message }, "client error");
    return reply.status(status).send(body);
  };
  if (error instanceof DomainError) {
    if (error instanceof RateLimitedError) void reply.header("retry-after", String(error.retryAfterSeconds));
    const validation = error instanceof ValidationError ? { source: error.source, keys: error.keys } : undefined;
    const status = statusOf(error);
    return send(status, errorBody(status, error.message, validation));
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? clientErrors[fastifyError.code] : undefined;
  if (known) return send(known.status, errorBody(known.status, known.message ?? fastifyError.message));
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return send(400, errorBody(400, `malformed JSON body: ${fastifyError.message}`, { source: "payload", keys: [] }));
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return send(fastifyError.statusCode, errorBody(fastifyError.statusCode, fastifyError.message));
  }
  request.log.error({ err: error }, "internal error");
  return reply.status(500).send(errorBody(500, "internal server error"));
}
