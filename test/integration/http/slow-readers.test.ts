// Issue 28 (the abuse bench's soak): what a client that does not read its answers may cost is
// bounded. At most 16 pipelined requests wait per connection (the next gets a 429 that closes it),
// and a connection whose answer the client takes none of for HTTP_SEND_TIMEOUT_MS is closed, while
// a handler still at work (a long poll, a quiet SSE stream) is never cut for it (test/integration/http/hardening.test.ts).
import type { Socket } from "node:net";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loggerOptions } from "../../../src/logger.js";
import { startTestApp, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { openSocket } from "../../support/raw-http.js";
import { until } from "../../support/subscriptions.js";

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;

/** Reads `socket` until the server closes it: each response's status and body (by Content-Length). */
function readAll(socket: Socket): Promise<{ status: number; body: Buffer }[]> {
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.resume();
  return new Promise((resolve) =>
    socket.once("close", () => {
      let rest = Buffer.concat(chunks);
      const responses: { status: number; body: Buffer }[] = [];
      for (let end = rest.indexOf("\r\n\r\n"); end >= 0; end = rest.indexOf("\r\n\r\n")) {
        const head = rest.subarray(0, end).toString("latin1");
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        responses.push({ status: Number(head.split(" ")[1]), body: rest.subarray(end + 4, end + 4 + length) });
        rest = rest.subarray(end + 4 + length);
      }
      resolve(responses);
    }),
  );
}

describe(`pipelined requests on one connection, on ${testProvider}`, () => {
  const t = useTestApp();
  const held: Socket[] = [];
  afterEach(() => {
    for (const socket of held.splice(0)) socket.destroy();
  });

  it("answers 16 waiting requests for a large document, then a 429 that closes the connection", async () => {
    const socket = await openSocket(t.url, "127.0.0.2");
    held.push(socket);
    socket.pause(); // reads nothing until the server has refused
    socket.write(get("/openapi.json").repeat(24));
    await until(() => t.app.connections().pipelinedRefused >= 1, 10_000, "a pipelined request to be refused");
    // Meanwhile another client is served as usual.
    expect((await fetch(`${t.url}/openapi.json`)).status).toBe(200);

    const responses = await readAll(socket);
    expect(responses.map((r) => r.status)).toEqual([...Array(16).fill(200), 429]);
    const document = await (await fetch(`${t.url}/openapi.json`)).arrayBuffer();
    expect(responses[0]!.body.equals(Buffer.from(document))).toBe(true);
    expect(JSON.parse(responses[16]!.body.toString())).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: "too many requests waiting on one connection (at most 16): read the answers before sending more",
    });
  });

  it("resets a connection that goes on sending past twice the bound, answering none of its requests", async () => {
    const before = t.app.connections();
    const socket = await openSocket(t.url, "127.0.0.2");
    held.push(socket);
    socket.on("error", () => {});
    socket.pause();
    socket.write(get("/openapi.json").repeat(500));
    await until(() => t.app.connections().pipelinedReset === before.pipelinedReset + 1, 10_000, "the reset");
    expect(t.app.connections().pipelinedRefused).toBe(before.pipelinedRefused + 1);
    expect(await readAll(socket)).toEqual([]);
  });

  it("serves a connection that pipelines 16 at a time and reads its answers, then more on it", async () => {
    const before = t.app.connections().pipelinedRefused;
    const socket = await openSocket(t.url, "127.0.0.3");
    held.push(socket);
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d+) /g)].map((m) => Number(m[1]));
    for (let round = 1; round <= 3; round++) {
      socket.write(get("/health").repeat(16));
      await until(() => statuses().length === 16 * round, 10_000, `round ${round}'s answers`);
    }
    expect(statuses()).toEqual(Array(48).fill(200));
    expect(socket.destroyed).toBe(false);
    expect(t.app.connections().pipelinedRefused).toBe(before);
  });
});

describe(`a client that never reads its answers, on ${testProvider}`, () => {
  const t = useTestApp({ HTTP_SEND_TIMEOUT_MS: "300" });

  it("has its connection closed once its answer has stalled for HTTP_SEND_TIMEOUT_MS", async () => {
    const socket = await openSocket(t.url, "127.0.0.4");
    socket.on("error", () => {});
    socket.pause();
    socket.write(get("/openapi.json").repeat(16)); // 24 MB: more than the kernel's buffers take
    await until(() => t.app.connections().stalledClosed === 1, 10_000, "the stalled connection to be closed");
    await until(() => t.app.connections().open === 0, 5_000, "the server to let the socket go");
    // The client, reading at last, gets part of the answers and the end of the connection.
    const responses = await readAll(socket);
    expect(responses.length).toBeLessThan(16);
    expect(t.app.connections().pipelinedRefused).toBe(0);
  });
});

describe(`a shutdown after a client that pipelined and left, on ${testProvider}`, () => {
  it("does not wait for the answers queued behind the one being sent when the socket closed", async () => {
    const lines: string[] = [];
    const logger = pino(loggerOptions("info"), { write: (line: string) => void lines.push(line) });
    const t = await startTestApp({ SHUTDOWN_TIMEOUT_MS: "5000" }, { logger });
    const socket = await openSocket(t.url);
    socket.pause();
    socket.write(get("/openapi.json").repeat(20));
    await until(() => t.app.connections().pipelinedRefused === 1, 10_000, "the 17th request to be refused");
    socket.destroy();
    await until(() => t.app.connections().open === 0, 5_000, "the server to see the socket close");
    await t.stop();
    expect(lines.join("")).toContain('"msg":"stopped"');
    expect(lines.join("")).not.toContain("shutdown timeout");
  });
});
