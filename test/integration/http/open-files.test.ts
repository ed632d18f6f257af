// Issue 25, point 11: many slow clients never exhaust the process's descriptors.
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { connectionCap } from "../../../src/http/open-files.js";
import { emptyDatabaseUrl, testProvider } from "../../support/database.js";
import { freePort } from "../../support/postgres-server.js";
import { serveVigil } from "../../support/process.js";
import { parseResponse } from "../../support/raw-http.js";

describe(`connections under a small open-files limit on ${testProvider}`, () => {
  it("caps connections below `ulimit -n` less a reserve, answers clients over it with our 503, keeps serving", async () => {
    // A common default; far lower limits starve Node's own module loading at start.
    const openFiles = 1024;
    const cap = connectionCap(10_000, openFiles);
    expect(cap).toBe(819);
    const served = await serveVigil(
      { DATABASE_URL: await emptyDatabaseUrl(), MAX_CONNECTIONS_PER_ADDRESS: "0", HTTP_HEADERS_TIMEOUT_MS: "20000" },
      await freePort(),
      openFiles,
    );
    const { port } = new URL(served.url);
    const sockets: Socket[] = [];
    try {
      // Slow key-less clients, more than the descriptors: each sends half a request and waits.
      const answers = await Promise.all(
        Array.from(
          { length: 1000 },
          () =>
            new Promise<string>((resolve) => {
              const socket = connect({ host: "127.0.0.1", port: Number(port) }, () =>
                socket.write("GET / HTTP/1.1\r\n"),
              );
              sockets.push(socket);
              let text = "";
              socket.on("data", (chunk) => (text += chunk));
              socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
              socket.on("end", () => resolve(String(parseResponse(text).status)));
              // Still open after 4 s (time enough to accept them all on a busy machine): a held slow client.
              setTimeout(() => resolve(socket.destroyed ? "closed" : "held"), 4_000);
            }),
        ),
      );
      const held = answers.filter((a) => a === "held").length;
      expect(held).toBeLessThanOrEqual(cap);
      expect(answers.filter((a) => a === "503").length).toBeGreaterThan(0);
      // With the slow ones still held, a normal client is answered by us (503: the cap), never reset
      // nor left hanging for want of a descriptor.
      const normal: string[] = [];
      for (let i = 0; i < 20; i++)
        normal.push(
          await fetch(`${served.url}/-/readiness`).then(
            (r) => String(r.status),
            (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
          ),
        );
      expect(normal.filter((s) => s !== "503" && s !== "200")).toEqual([]);
      for (const socket of sockets) socket.destroy();
      // The slow ones gone, the process serves as before: nothing ran out of descriptors.
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetch(`${served.url}/-/readiness`).catch(() => ({ status: 0 }))).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
      expect(served.output()).not.toMatch(/EMFILE/);
    } finally {
      for (const socket of sockets) socket.destroy();
      served.child.kill("SIGTERM");
      await served.exited;
    }
  }, 60_000);
});
