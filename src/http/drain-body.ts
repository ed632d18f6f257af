import type { IncomingMessage } from "node:http";

/** How much of a refused body is read and dropped before the connection closes, and for how long. */
export const DRAIN_BYTES = 4 * 1024 * 1024;
export const DRAIN_MS = 5_000;

/**
 * Reads and drops the rest of a request's body (up to DRAIN_BYTES or DRAIN_MS). A response that
 * closes its connection (a 413, anything while shutting down) would otherwise close it while the
 * client is still writing: the kernel then resets it, and the client sees a broken pipe instead
 * of our answer. Resolves at once for a request already read.
 */
export function drainRequest(request: IncomingMessage, maxBytes = DRAIN_BYTES, timeoutMs = DRAIN_MS): Promise<void> {
  if (request.complete || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      request.off("data", onData);
      request.off("end", done);
      request.off("close", done);
      request.off("error", done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read >= maxBytes) done();
    };
    const timer = setTimeout(done, timeoutMs);
    request.on("data", onData);
    request.once("end", done);
    request.once("close", done);
    request.once("error", done);
    request.resume();
  });
}
