import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { errorBody } from "./errors.js";

/**
 * Requests one connection may have waiting for their answers to be sent. Node's parser runs every
 * request of a received chunk before its own backpressure applies, so one packet of 1,500 small
 * GETs would otherwise be 1,500 answers queued (3.5 KB each at least, the document's bytes aside)
 * for a client that may never read them. Clients that pipeline use a depth well below this.
 */
export const MAX_WAITING_REQUESTS = 16;
/**
 * Past this many waiting, the connection is destroyed: the client goes on sending after its 429.
 * Answering each of those would cost as much as serving it (Node makes a request and a response
 * for every one of them, held until the 429 is sent, that is never for a client that does not read).
 */
const MAX_WAITING_BEFORE_RESET = 2 * MAX_WAITING_REQUESTS;

/**
 * What a client that does not read costs the server, bounded: at most MAX_WAITING_REQUESTS
 * requests waiting per connection (the next gets a 429 with `Connection: close`, sent after the
 * answers before it; twice as many and the connection is destroyed), and a connection whose answer has not been taken (no write completed) for
 * `sendTimeoutMs` is destroyed. Node's own handler of the request must be the only 'request'
 * listener when this is called: it is moved behind the gate. Node's socket timeout (server.timeout)
 * is what measures the stall; its listener here also closes idle keep-alive sockets, as Node does
 * without one, and leaves alone a socket whose handler is still at work (a long poll, a quiet SSE
 * stream): nothing of theirs waits to be sent.
 */
export function guardSlowReaders(server: Server, { sendTimeoutMs }: { sendTimeoutMs: number }) {
  /** Each socket's requests whose answers are not yet sent. */
  const waiting = new WeakMap<Socket, Set<ServerResponse>>();
  const counts = { pipelinedRefused: 0, pipelinedReset: 0, stalledClosed: 0 };
  const handlers = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error("guardSlowReaders must be called before any other 'request' listener");
  server.removeAllListeners("request");

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const responses = waiting.get(request.socket) ?? track(request.socket);
    responses.add(response);
    const answered = () => responses.delete(response);
    response.once("finish", answered);
    response.once("close", answered);
    if (responses.size <= MAX_WAITING_REQUESTS) for (const handler of handlers) handler.call(server, request, response);
    else if (responses.size === MAX_WAITING_REQUESTS + 1) refuse(response);
    else if (responses.size > MAX_WAITING_BEFORE_RESET && !request.socket.destroyed) {
      counts.pipelinedReset++;
      request.socket.destroy();
    }
    // Between the two: no answer, the 429 before them closes the connection.
  });

  const track = (socket: Socket) => {
    const responses = new Set<ServerResponse>();
    waiting.set(socket, responses);
    socket.once("close", () => closeQueued(responses));
    return responses;
  };

  // Node emits 'close' on the response being sent when its socket closes, never on those queued
  // behind it (pipelined): their listeners (the in-flight count a shutdown waits for) would wait for ever.
  const closeQueued = (responses: Set<ServerResponse>) => {
    for (const response of responses) {
      if (response.closed) continue;
      response.destroyed = true;
      response.emit("close");
    }
    responses.clear();
  };

  const refuse = (response: ServerResponse) => {
    counts.pipelinedRefused++;
    const body = JSON.stringify(
      errorBody(
        429,
        `too many requests waiting on one connection (at most ${MAX_WAITING_REQUESTS}): read the answers before sending more`,
      ),
    );
    response.writeHead(429, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "retry-after": "1",
      connection: "close",
    });
    response.end(body);
  };

  server.setTimeout(sendTimeoutMs);
  server.on("timeout", (socket: Socket) => {
    // Output waiting and none of it taken for sendTimeoutMs: the client does not read.
    if (socket.writableLength > 0) {
      counts.stalledClosed++;
      return void socket.destroy();
    }
    if (!waiting.get(socket)?.size) socket.destroy(); // idle: what Node does with no listener
  });

  return { stats: () => ({ ...counts }) };
}
