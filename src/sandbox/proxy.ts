import { chmod } from "node:fs/promises";
import { createServer, type IncomingMessage, request as httpRequest, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { type AddressRule, Refused, type Resolved, resolveAllowed } from "./resolve.js";

export type { AddressRule } from "./resolve.js";

export type FilteringProxy = {
  /** What was refused, one line each (the first MAX_NOTED), for the run's errors. */
  readonly refusals: string[];
  close(): Promise<void>;
};

const MAX_CONNECTIONS = 128;
const MAX_NOTED = 20;
const CONNECT_MS = 30_000;
/** A connection with no traffic either way for this long is closed (the run's own limit bounds the rest). */
const IDLE_MS = 120_000;
const HOP_BY_HOP = ["proxy-connection", "proxy-authorization", "connection", "keep-alive", "te", "upgrade"];

/**
 * The filtering proxy a sandboxed run reaches (through the relay inside the sandbox, see
 * relay-source.ts) on a Unix socket in its run directory: HTTP forwarding for `http://` and
 * CONNECT for everything else (TLS, WebSockets, the fixture's Node agents). Every target is
 * resolved here and judged by the address rule before any connection; redirects are the
 * client's, so each hop comes back here and is judged again. Refusals answer 403 with a body
 * naming BLOCK_PRIVATE_TARGETS, and are noted for the run's result.
 */
export async function startFilteringProxy(socketPath: string, rule: AddressRule): Promise<FilteringProxy> {
  const refusals: string[] = [];
  const lookups = new Map<string, Promise<Resolved[]>>();
  const open = new Set<Duplex>();
  const track = (socket: Duplex) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  };
  // One line per refused host (its first URL): a page's favicon or retries add nothing.
  const note = (message: string, target: string) => {
    if (refusals.length < MAX_NOTED && !refusals.some((line) => line.startsWith(`${message}: `)))
      refusals.push(`${message}: ${target}`);
  };

  const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 60_000, headersTimeout: 30_000 });
  server.maxConnections = MAX_CONNECTIONS;
  server.on("connection", (socket: Socket) => {
    track(socket);
    socket.setTimeout(IDLE_MS, () => socket.destroy());
  });

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    void forward(request, response, rule, lookups).catch((error: unknown) => {
      if (error instanceof Refused) note(error.message, request.url ?? "");
      if (response.headersSent) return void response.destroy();
      response.writeHead(error instanceof Refused ? 403 : 502, { "content-type": "text/plain; charset=utf-8" });
      response.end(`${(error as Error).message}\n`);
    });
  });

  server.on("connect", (request: IncomingMessage, client: Duplex, head: Buffer) => {
    const [, host = "", port = ""] = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(request.url ?? "") ?? [];
    if (!host || Number(port) > 65535) return void client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    void resolveAllowed(host, rule, lookups).then(
      (target) => track(tunnel(target, Number(port), client, head)),
      (error: Error) => {
        if (error instanceof Refused) note(error.message, request.url ?? "");
        const status = error instanceof Refused ? "403 Forbidden" : "502 Bad Gateway";
        client.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${error.message}\n`);
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  // The sandbox runs as another (unprivileged) user: it must be able to connect.
  await chmod(socketPath, 0o666);
  return {
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Forwards a plain http:// request to its (allowed) target, hop-by-hop headers left out both ways. */
async function forward(
  request: IncomingMessage,
  response: ServerResponse,
  rule: AddressRule,
  lookups: Map<string, Promise<Resolved[]>>,
) {
  const href = request.url ?? "";
  if (!URL.canParse(href) || new URL(href).protocol !== "http:")
    throw new Error("only absolute http:// URLs are forwarded; use CONNECT");
  const url = new URL(href);
  const target = await resolveAllowed(url.hostname, rule, lookups);
  const headers = { ...request.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  await new Promise<void>((resolve, reject) => {
    const upstream = httpRequest(
      {
        host: target.address,
        family: target.family,
        port: url.port || 80,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers,
        setHost: false,
        timeout: IDLE_MS,
      },
      (answer) => {
        const kept = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete kept[name];
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, kept);
        answer.pipe(response);
        answer.once("end", resolve);
        answer.once("error", reject);
      },
    );
    upstream.once("timeout", () => upstream.destroy(new Error(`${url.host} did not answer in time`)));
    upstream.once("error", reject);
    response.once("close", () => upstream.destroy());
    request.pipe(upstream);
  });
}

/** A CONNECT tunnel to an allowed target: established, then bytes both ways until either side closes. */
function tunnel(target: Resolved, port: number, client: Duplex, head: Buffer): Socket {
  const upstream = connect({ host: target.address, port, timeout: CONNECT_MS });
  upstream.once("connect", () => {
    upstream.setTimeout(IDLE_MS);
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.once("timeout", () => upstream.destroy());
  upstream.once("error", () => client.destroy());
  upstream.once("close", () => client.destroy());
  client.once("close", () => upstream.destroy());
  client.once("error", () => upstream.destroy());
  return upstream;
}
