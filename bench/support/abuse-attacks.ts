// The attackers of bench/abuse.ts. Each starts, keeps going until `stop()`, and tallies what the
// server did to it. Sockets come from loopback source addresses 127.0.0.<first>..: on Linux every
// 127.x address is loopback, so the attackers can be one address or many, apart from the normal client.
import { randomBytes, randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import { Agent, request } from "undici";
import WebSocket from "ws";

export type Tally = Record<string, number>;
/** `opened`: settles once every attacker's connection is made or refused (attacks that hold connections). */
export type Attack = { stop: () => Promise<void>; tally: Tally; opened?: Promise<unknown> };

const count = (tally: Tally, key: string) => (tally[key] = (tally[key] ?? 0) + 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Settles at the first of these events of `emitter` (a connection made: its first answer; or refused). */
const settled = (emitter: { once(event: string, listener: () => void): unknown }, ...events: string[][]) =>
  new Promise<void>((resolve) => {
    for (const event of events.flat()) emitter.once(event, () => resolve());
  });

/** The i-th attacker's source address, over `addresses` of them from 127.0.0.2 on. */
export const sourceOf = (i: number, addresses: number) => `127.0.0.${2 + (i % addresses)}`;

/** `fragment F0 { ...F1 ...F1 }` down to F(n-1): 2^n fields if anything expands fragments naively; a random comment defeats caches. */
export function fragmentBomb(n: number): string {
  const lines = [`# ${randomUUID()}`, "query Bomb { ...F0 }"];
  for (let i = 0; i < n - 1; i++) lines.push(`fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  lines.push(`fragment F${n - 1} on Query { viewer { account { id } } }`);
  return lines.join("\n");
}

/** A unique document of about `bytes`: aliases of __typename with a random prefix. */
export function bigDocument(bytes: number): string {
  const tag = randomBytes(4).toString("hex");
  const parts = [`query Big${tag} { viewer { account { id } }`];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes - 2; i++) {
    const part = ` a${tag}${i}: __typename`;
    parts.push(part);
    size += part.length;
  }
  return `${parts.join("")} }`;
}

/** POSTs documents to /graphql, `concurrency` at a time, each from its source address, until stopped or `total` are sent. */
export function graphqlFlood(
  url: string,
  documents: () => string,
  {
    concurrency,
    total,
    addresses,
    timeoutMs,
  }: { concurrency: number; total: number; addresses: number; timeoutMs: number },
): Attack {
  const tally: Tally = {};
  const agents = Array.from(
    { length: addresses },
    (_, i) => new Agent({ connect: { localAddress: sourceOf(i, addresses), port: Number(new URL(url).port) } }),
  );
  let stopped = false;
  let sent = 0;
  const abort = new AbortController();
  const worker = async (w: number) => {
    while (!stopped && sent < total) {
      sent++;
      const body = JSON.stringify({ query: documents() });
      try {
        const response = await request(`${url}/graphql`, {
          method: "POST",
          dispatcher: agents[w % addresses],
          headers: { "content-type": "application/json" },
          body,
          signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
        });
        const text = await response.body.text();
        const code = /"code":"([A-Z_]+)"/.exec(text)?.[1];
        count(tally, `HTTP ${response.statusCode}${code ? ` ${code}` : ""}`);
      } catch (error) {
        const e = error as { code?: unknown; name?: string };
        count(tally, stopped ? "cut at phase end" : typeof e.code === "string" ? e.code : (e.name ?? "error"));
      }
    }
  };
  const running = Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  return {
    tally,
    async stop() {
      stopped = true;
      abort.abort();
      await running;
      await Promise.all(agents.map((agent) => agent.destroy()));
    },
  };
}

/** Opens `total` sockets (`perTick` every 50 ms) and drives each with `drive`; the tally says how each ended. */
function socketSwarm(
  url: string,
  { total, addresses, drive }: { total: number; addresses: number; drive: (socket: Socket, i: number) => void },
): Attack {
  const { hostname, port } = new URL(url);
  const tally: Tally = {};
  const sockets = new Set<Socket>();
  const made: Promise<unknown>[] = [];
  let stopped = false;
  const opening = (async () => {
    for (let i = 0; i < total && !stopped; i++) {
      const socket = connect({ host: hostname, port: Number(port), localAddress: sourceOf(i, addresses) });
      sockets.add(socket);
      made.push(settled(socket, ["connect"], ["error", "close"]));
      let first = "";
      socket.on("data", (chunk: Buffer) => {
        if (!first) first = chunk.toString("latin1", 0, 12);
      });
      socket.on("error", (error: NodeJS.ErrnoException) =>
        count(tally, stopped ? "cut at phase end" : (error.code ?? "error")),
      );
      socket.on("close", () => {
        sockets.delete(socket);
        if (!stopped) count(tally, first ? `answered ${first.slice(9, 12)} and closed` : "closed without an answer");
      });
      socket.on("connect", () => drive(socket, i));
      if (i % 50 === 49) await sleep(50);
    }
  })();
  return {
    tally,
    opened: opening.then(() => Promise.all(made)),
    async stop() {
      stopped = true;
      await opening;
      tally["still open at phase end"] = sockets.size;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Requests whose body (`length` bytes declared) arrives one byte per second. */
export function slowBodies(url: string, total: number, addresses: number): Attack {
  return socketSwarm(url, {
    total,
    addresses,
    drive: (socket) => {
      socket.write(
        "POST /graphql HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
      );
      const timer = setInterval(() => (socket.writable ? socket.write("{") : clearInterval(timer)), 1000);
      socket.once("close", () => clearInterval(timer));
    },
  });
}

/** Half send their headers a byte per second; half ask for /openapi.json `pipelined` times in one write and never read the answers. */
export function slowClients(url: string, total: number, addresses: number, pipelined = 4): Attack {
  return socketSwarm(url, {
    total,
    addresses,
    drive: (socket, i) => {
      if (i % 2 === 1) {
        socket.pause();
        socket.write("GET /openapi.json HTTP/1.1\r\nHost: bench\r\n\r\n".repeat(pipelined));
        return;
      }
      const headers = [..."GET /health HTTP/1.1\r\nHost: bench\r\nX-Slow: "];
      const timer = setInterval(
        () => (socket.writable ? socket.write(headers.shift() ?? "a") : clearInterval(timer)),
        1000,
      );
      socket.once("close", () => clearInterval(timer));
    },
  });
}

/** graphql-ws connections that initialise with the key and then say nothing. */
export function idleWebSockets(url: string, apiKey: string, total: number, addresses: number): Attack {
  const tally: Tally = {};
  const sockets = new Set<WebSocket>();
  const made: Promise<unknown>[] = [];
  let stopped = false;
  const opening = (async () => {
    for (let i = 0; i < total && !stopped; i++) {
      const ws = new WebSocket(`${url.replace("http", "ws")}/graphql`, "graphql-transport-ws", {
        localAddress: sourceOf(i, addresses),
      });
      sockets.add(ws);
      made.push(settled(ws, ["message"], ["unexpected-response", "error", "close"]));
      ws.on("open", () =>
        ws.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${apiKey}` } })),
      );
      ws.on("message", (data) => {
        if (String(data).includes("connection_ack")) count(tally, "acknowledged");
      });
      ws.on("unexpected-response", (_req, res) => count(tally, `refused ${res.statusCode}`));
      ws.on("error", (error: NodeJS.ErrnoException) =>
        count(tally, stopped ? "cut at phase end" : (error.code ?? "error")),
      );
      ws.on("close", (code) => {
        sockets.delete(ws);
        if (!stopped) count(tally, `closed ${code}`);
      });
      if (i % 50 === 49) await sleep(50);
    }
  })();
  return {
    tally,
    opened: opening.then(() => Promise.all(made)),
    async stop() {
      stopped = true;
      await opening;
      tally["still open at phase end"] = [...sockets].filter((ws) => ws.readyState === WebSocket.OPEN).length;
      for (const ws of sockets) ws.terminate();
    },
  };
}
