import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
type Reply = (res: ServerResponse, request: Received) => void;

/**
 * A real HTTP server on 127.0.0.1 that records what it receives and answers with `reply`
 * (200 "ok" unless a test sets another).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let reply: Reply = (res) => res.end("ok");
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(request);
      reply(res, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    /** The one request received since the last call. */
    take(): Received {
      const [first, ...rest] = received.splice(0);
      if (!first || rest.length > 0) throw new Error(`expected one request, got ${rest.length + (first ? 1 : 0)}`);
      return first;
    },
    reply(next: Reply) {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
