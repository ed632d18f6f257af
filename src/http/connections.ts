import type { Server } from "node:http";
import type { Socket } from "node:net";
import { HEALTH_PATHS } from "../health.js";
import { rawErrorResponse } from "./errors.js";
import { lingeringClose } from "./linger.js";
import { connectionCap } from "./open-files.js";

export type ConnectionLimits = {
  /** Open sockets from one remote address (socket.remoteAddress, never a forwarded header); 0: no cap. */
  maxConnectionsPerAddress: number;
  /** Open sockets in all; 0: no cap. */
  maxConnections: number;
};

/** Refused sockets that may linger a whole second at once (a fraction of connectionCap's reserve of 128). */
const LINGERING_AT_LENGTH = 64;

/**
 * What the server knows of one accepted socket. `probesOnly`: every request it carried was a
 * health probe (a load balancer's): such a socket never holds a shutdown's drain.
 */
type Tracked = {
  address: string;
  active: number;
  idleSince: number;
  upgraded: boolean;
  requests: number;
  probesOnly: boolean;
};

/**
 * Caps and tracks the HTTP server's sockets. Node's own 'connection' listener (which attaches the
 * HTTP parser) is moved behind a gate, so a socket over a cap never reaches the parser: it is
 * answered at once with our error body (429 with Retry-After over the per-address cap, 503 over the
 * overall one) and closed. Tracking which sockets are busy and since when the others are idle is
 * what lets a shutdown close idle keep-alive sockets without resetting a client that is about to
 * reuse one. The overall cap never exceeds what the open-files limit allows (connectionCap).
 */
export function guardConnections(server: Server, configured: ConnectionLimits) {
  const limits = { ...configured, maxConnections: connectionCap(configured.maxConnections) };
  const sockets = new Map<Socket, Tracked>();
  const perAddress = new Map<string, number>();
  const refused = { perAddress: 0, overall: 0 };
  /** Sockets handed to the parser, and those of them closed having carried only health probes. */
  const accepted = { sockets: 0, probeSockets: 0 };
  /**
   * Refused sockets still open (each lingers to deliver its answer): they hold descriptors too.
   * Past a share of the open-files reserve they linger briefly, or a burst of refusals would
   * itself exhaust the descriptors (libuv then accepts and drops connections: resets).
   */
  let lingering = 0;
  const refuse = (socket: Socket, response: string) => {
    lingering++;
    socket.once("close", () => lingering--);
    lingeringClose(socket, response, lingering > LINGERING_AT_LENGTH ? 50 : undefined);
  };
  /** The last request that was not a health probe (a drain waits for a quiet moment after it). */
  const work = { lastAt: 0 };
  const parserListeners = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");

  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return void socket.destroy();
    const fromAddress = perAddress.get(address) ?? 0;
    if (limits.maxConnectionsPerAddress > 0 && fromAddress >= limits.maxConnectionsPerAddress) {
      refused.perAddress++;
      const message = `too many open connections from your address (at most ${limits.maxConnectionsPerAddress})`;
      return refuse(socket, rawErrorResponse(429, message, { headers: { "retry-after": "1" } }));
    }
    if (limits.maxConnections > 0 && sockets.size >= limits.maxConnections) {
      refused.overall++;
      const message = "the server has too many open connections; retry shortly";
      return refuse(socket, rawErrorResponse(503, message, { headers: { "retry-after": "1" } }));
    }
    perAddress.set(address, fromAddress + 1);
    const tracked = { address, active: 0, idleSince: Date.now(), upgraded: false, requests: 0, probesOnly: true };
    sockets.set(socket, tracked);
    accepted.sockets++;
    socket.once("close", () => {
      if (tracked.probesOnly && tracked.requests > 0) accepted.probeSockets++;
      sockets.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    for (const listener of parserListeners) listener.call(server, socket);
  });

  server.on("request", (request, response) => {
    const tracked = sockets.get(request.socket);
    if (!tracked) return;
    tracked.active++;
    tracked.requests++;
    if (!HEALTH_PATHS.has((request.url ?? "").split("?")[0] ?? "")) {
      tracked.probesOnly = false;
      work.lastAt = Date.now();
    }
    response.once("close", () => {
      tracked.active--;
      tracked.idleSince = Date.now();
    });
  });
  server.on("upgrade", (request) => {
    const tracked = sockets.get(request.socket);
    if (tracked) tracked.upgraded = true;
  });

  return {
    /** Open sockets (HTTP and WebSocket), how many were accepted and refused by each cap. */
    stats: () => ({
      open: sockets.size,
      addresses: perAddress.size,
      accepted: { ...accepted },
      refused: { ...refused },
      maxConnections: limits.maxConnections,
    }),
    /**
     * Until no HTTP socket is left and no request but health probes came for `idleMs`, or
     * `deadline` passes, closes the idle sockets (drainSockets). Resolves true when every HTTP
     * socket that is not a probe's has gone.
     */
    drain: (options: DrainOptions) => drainSockets(sockets, work, options),
  };
}

type DrainOptions = { deadline: number; idleMs: number; pollMs?: number };

/**
 * Every `pollMs`, closes the sockets that have had no request under way for at least `idleMs`
 * (one that only ever carried probes, at once), until none is left and no request but health
 * probes came for `idleMs`, or `deadline` passes. A socket in use is left to its request, whose
 * answer (the caller sets `Connection: close` while draining) closes it. WebSockets are not
 * counted: their server closes them. Probes do not keep it waiting: a load balancer polling
 * readiness every 100 ms would otherwise hold it to the deadline.
 */
async function drainSockets(
  sockets: ReadonlyMap<Socket, Tracked>,
  work: { lastAt: number },
  { deadline, idleMs, pollMs = 20 }: DrainOptions,
): Promise<boolean> {
  work.lastAt = Math.max(work.lastAt, Date.now() - idleMs); // the drain's start counts as quiet
  const idle = (tracked: Tracked, now: number) =>
    tracked.active === 0 && (now - tracked.idleSince >= idleMs || (tracked.probesOnly && tracked.requests > 0));
  const probe = (tracked: Tracked) => tracked.probesOnly && tracked.requests > 0;
  for (;;) {
    const now = Date.now();
    const candidates: Socket[] = [];
    let open = 0;
    for (const [socket, tracked] of sockets) {
      if (tracked.upgraded || socket.destroyed) continue;
      if (idle(tracked, now)) candidates.push(socket);
      else if (!probe(tracked)) open++;
    }
    // Destroyed after the event loop's poll phase: a request whose bytes wait in the kernel's
    // buffer (a stalled loop) is read first, makes its socket busy, and is answered instead.
    await new Promise((resolve) => setImmediate(resolve));
    for (const socket of candidates) {
      const tracked = sockets.get(socket);
      if (tracked && idle(tracked, Date.now())) socket.destroy();
      else if (tracked && !probe(tracked)) open++;
    }
    // Also quiet for `idleMs`: a client answered with `Connection: close` may be reconnecting (its
    // new socket counts as open until it has sent a request or idled for `idleMs`).
    if (open === 0 && Date.now() - work.lastAt >= idleMs) return true;
    if (now >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export type ConnectionGuard = ReturnType<typeof guardConnections>;
