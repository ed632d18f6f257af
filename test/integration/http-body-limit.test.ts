// Issue 25, point 12: a client sending a body the server will not take (over the limit, or while
// it shuts down) reads our answer, never a reset.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.js";
import { testProvider } from "../support/database.js";
import { parseResponse } from "../support/raw-http.js";

/**
 * A client that writes its whole request before it reads (as simple clients and proxies do): a
 * server closing while the body is still coming resets the connection, and the reset discards the
 * answer it had sent. `connected` runs once the socket is open, before anything is written.
 * Resolves with the status read, or how the socket failed.
 */
function send(t: TestApp, bytes: number, chunked: boolean, connected: () => unknown = () => undefined) {
  return new Promise<string>((resolve) => {
    const { hostname, port } = new URL(t.url);
    const socket = connect({ host: hostname, port: Number(port) }, async () => {
      socket.pause(); // nothing read until everything is written
      await connected();
      const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bytes}`;
      const head = `POST /v1/check-groups HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.apiKey}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`;
      const write = (data: string | Buffer) =>
        new Promise<void>((done) => (socket.write(data) ? done() : socket.once("drain", () => done())));
      await write(head);
      for (let at = 0; at < bytes && !socket.destroyed; at += 65_536) {
        const piece = Buffer.alloc(Math.min(65_536, bytes - at), "x");
        const framed = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
        await write(chunked ? framed : piece);
      }
      if (chunked && !socket.destroyed) await write("0\r\n\r\n");
      socket.resume();
    });
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      resolve(text ? String(parseResponse(text).status) : (error.code ?? "error")),
    );
    socket.on("end", () => resolve(String(parseResponse(text).status)));
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
          ...(await Promise.all(Array.from({ length: 4 }, (_, j) => send(t, 2 * 1024 * 1024, j % 2 === 1)))),
        );
      expect(outcomes).toEqual(Array(40).fill("413"));
    } finally {
      await t.stop();
    }
  });

  it("reads a 2 MiB body sent while shutting down before its 503 closes the connection", async () => {
    const t = await startTestApp({ SHUTDOWN_TIMEOUT_MS: "20000" });
    let stopping: Promise<void> | undefined;
    const outcome = await send(t, 2 * 1024 * 1024, false, () => {
      stopping = t.stop(); // connected first: the drain waits for this socket's request
    });
    await stopping;
    expect(outcome).toBe("503");
  });
});
