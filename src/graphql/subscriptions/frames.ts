import type { ExecutionResult } from "graphql";
import { WebSocket } from "ws";
import { serializedResult } from "./shared-execution.js";

export const isAsyncIterable = (value: unknown): value is AsyncIterable<ExecutionResult> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

/** graphql-ws's `next` message for subscription `id`, around a payload already serialized. */
export const nextFrame = (id: string, payload: string) => `{"id":${JSON.stringify(id)},"type":"next","payload":${payload}}`;

/** As graphql-ws's own `send` for `ws`: settles once the frame is written (so a slow socket holds its own stream back). */
function send(socket: WebSocket, data: string) {
  return new Promise<void>((resolve, reject) => {
    if (socket.readyState !== WebSocket.OPEN) return resolve();
    socket.send(data, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * graphql-ws serializes every `next` message whole, per subscriber, and its hooks (onNext,
 * jsonMessageReplacer) cannot hand it a serialized payload (JSON.rawJSON is not in Node 20). So
 * the stream graphql-ws iterates sends each result itself, as a frame spliced around the
 * result's one serialization, and yields nothing: graphql-ws still completes the subscription
 * when the stream ends, reports what it throws, and returns it when the client leaves. A socket
 * that does not drain holds back only its own stream, whose queue then overflows (SLOW_CONSUMER).
 */
export function sendFrames(
  results: AsyncIterable<ExecutionResult>,
  socket: WebSocket,
  id: string,
): AsyncIterableIterator<never> {
  const iterator = results[Symbol.asyncIterator]();
  return {
    async next() {
      for (;;) {
        const step = await iterator.next();
        if (step.done) return { value: undefined as never, done: true };
        await send(socket, nextFrame(id, serializedResult(step.value)));
      }
    },
    async return() {
      await iterator.return?.();
      return { value: undefined as never, done: true };
    },
    async throw(error: unknown) {
      await iterator.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
