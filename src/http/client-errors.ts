import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorBody, rawErrorResponse } from "./errors.js";
import { lingeringClose } from "./linger.js";

/** Sockets already answered: Node's parser reports every later chunk of a broken request again. */
const answered = new WeakSet<Socket>();

/** Each socket's latest response: an error in a body that was already answered gets no second answer. */
const latest = new WeakMap<Socket, ServerResponse>();

/** Records each socket's latest response (call once per server). */
export function watchResponses(server: Server) {
  server.on("request", (request, response) => latest.set(request.socket, response));
}

/** Why Node refused a request, as a status and a message for the client. */
function answerFor(error: NodeJS.ErrnoException & { reason?: string }, timeouts: Timeouts): [number, string] {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return [
      408,
      `the request did not arrive in time (headers within ${timeouts.headersTimeoutMs} ms, the whole request within ${timeouts.requestTimeoutMs} ms)`,
    ];
  if (error.code === "HPE_HEADER_OVERFLOW") return [431, "the request headers are larger than 16 KiB"];
  const reason = error.reason ?? error.message;
  return [400, `malformed HTTP request: ${reason.replace(/[\r\n]/g, " ")}`];
}

type Timeouts = { headersTimeoutMs: number; requestTimeoutMs: number };

/**
 * Fastify's clientErrorHandler: what Node's parser refused (a malformed request, two
 * Content-Length headers, oversized headers) or timed out (slow headers or body) is answered with
 * the REST error body, then the socket is closed. Nothing is written when the request being read
 * has already been answered (a response began), nor after a reset.
 */
export function clientErrorHandler(timeouts: Timeouts) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    // A response already begun, or sent early (a 401 before the body): the client must not read a second one.
    const response = latest.get(socket);
    if (response?.headersSent && !response.req.complete) return lingeringClose(socket, "");
    const [status, message] = answerFor(error, timeouts);
    const validation = status === 400 ? { source: "payload" as const, keys: [] } : undefined;
    lingeringClose(socket, rawErrorResponse(status, message, { validation }));
  };
}

/**
 * Fastify's frameworkErrors: errors its router raises before any hook runs (a URL whose percent
 * encoding is not UTF-8, a path parameter over the length limit), in our body, without `code`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void reply.header("x-request-id", request.id);
  if (error.code === "FST_ERR_BAD_URL") {
    const path = (request.raw.url ?? "").split("?")[0];
    return reply
      .status(400)
      .send(
        errorBody(400, `malformed URL: ${path} is not valid percent-encoded UTF-8`, { source: "params", keys: [] }),
      );
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return reply.status(404).send(errorBody(404, "no such resource"));
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send(errorBody(status, error.message));
}
