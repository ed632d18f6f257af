// Issue 25, point 12: a client sending a body the server will not take (over the limit, or while
// it shuts down) reads our answer, never a reset.
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { serveWithAccount } from "../../support/process.js";
import { parseResponse } from "../../support/raw-http.js";

type Options = {
  chunked?: boolean;
  path?: string;
  /** Bytes per write: small ones (a TCP segment's) are what reset on a real server before the fix. */
  piece?: number;
  /** A request answered on the socket first, so that the large one comes on a kept-alive connection. */
  keptAlive?: boolean;
  /** Runs once the socket is open, before anything is written. */
  connected?: () => unknown;
};

/**
 * A client that writes its whole request before it reads (as simple clients and proxies do): a
 * server closing while the body is still coming resets the connection, and the reset discards the
 * answer it had sent. Resolves with the statuses read ("200+413" kept alive), or how the socket failed.
 */
function send(t: { url: string; apiKey: string }, bytes: number, options: Options = {}) {
  const { chunked = false, path = "/v1/check-groups", piece = 65_536, keptAlive = false } = options;
  return new Promise<string>((resolve) => {
    const { hostname, port } = new URL(t.url);
    const socket = connect({ host: hostname, port: Number(port) }, async () => {
      socket.pause(); // nothing read until everything is written
      await options.connected?.();
      const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bytes}`;
      const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.apiKey}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`;
      const write = (data: string | Buffer) =>
        new Promise<void>((done) => (socket.write(data) ? done() : socket.once("drain", () => done())));
      if (keptAlive) await write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
      await write(head);
      for (let at = 0; at < bytes && !socket.destroyed; at += piece) {
        const data = Buffer.alloc(Math.min(piece, bytes - at), "x");
        const framed = Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
        await write(chunked ? framed : data);
      }
      if (chunked && !socket.destroyed) await write("0\r\n\r\n");
      socket.resume();
    });
    let text = "";
    const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]).join("+");
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(statuses() || (error.code ?? "error")));
    socket.on("end", () => resolve(statuses() || String(parseResponse(text).status)));
    socket.setTimeout(20_000, () => socket.destroy(new Error("timeout")));
  });
}

describe(`bodies the server will not take on ${testProvider}`, () => {
  it("answers 2 MiB bodies, declared or chunked, with 413 every time", async () => {
    const t = await startTestApp();
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 10; i++)
        outcomes.push(
          ...(await Promise.all(
            Array.from({ length: 4 }, (_, j) => send(t, 2 * 1024 * 1024, { chunked: j % 2 === 1 })),
          )),
        );
      expect(outcomes).toEqual(Array(40).fill("413"));
    } finally {
      await t.stop();
    }
  });

  it("reads a 2 MiB body sent while shutting down before its 503 closes the connection", async () => {
    const t = await startTestApp({ SHUTDOWN_TIMEOUT_MS: "20000" });
    let stopping: Promise<void> | undefined;
    const outcome = await send(t, 2 * 1024 * 1024, {
      connected: () => {
        stopping = t.stop(); // connected first: the drain waits for this socket's request
      },
    });
    await stopping;
    expect(outcome).toBe("503");
  });
});

// Against `vigil serve` in its own process, written in TCP-segment pieces: before the fix (3e886f9)
// 20 to 22 of these 24 ended in EPIPE, on every route (the in-process app above hid it).
describe(`vigil serve and 2 MiB bodies on ${testProvider}`, () => {
  it("answers 413 on every route that takes a body, declared or chunked, new or kept-alive socket", async () => {
    const served = await serveWithAccount();
    try {
      const t = { url: served.url, apiKey: served.apiKey };
      const outcomes: Record<string, string[]> = {};
      const expected: Record<string, string[]> = {};
      const ways = { declared: {}, chunked: { chunked: true }, keptAlive: { keptAlive: true } };
      for (const path of ["/v1/check-groups", "/v1/checks/api", "/graphql", `/ping/${randomUUID()}`])
        for (const [name, options] of Object.entries(ways)) {
          const sending = [1, 2].map(() => send(t, 2 * 1024 * 1024, { ...options, path, piece: 1460 }));
          outcomes[`${path} ${name}`] = await Promise.all(sending);
          expected[`${path} ${name}`] = Array(2).fill(name === "keptAlive" ? "200+413" : "413");
        }
      expect(outcomes).toEqual(expected);
    } finally {
      served.child.kill("SIGTERM");
      await served.exited;
    }
  });
});
