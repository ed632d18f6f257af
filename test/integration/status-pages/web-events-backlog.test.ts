// A status page visitor whose connection stops reading is closed once it holds more than the
// fan-out's backlog limit unsent (src/platform/fan-out.ts), never buffered without bound, while
// another visitor of the same page gets every event.
import { createConnection } from "node:net";
import { describe, expect, it } from "vitest";
import { MAX_BACKLOG_BYTES } from "../../../src/platform/fan-out.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { addUpdate, pageWithIncident } from "../../support/index.js";
import { openEventStream } from "../../support/visitor.js";

describe(`status page event streams on ${testProvider}`, () => {
  const t = useTestApp();

  it("closes the stream of a visitor that stops reading, and keeps sending to the others", async () => {
    const fixture = await pageWithIncident(t.api, "Backlog");
    const path = `/status/${fixture.slug}/events`;
    const fast = await openEventStream(t.url, path);
    // The slow visitor: a raw socket that sends its request, reads the headers, then nothing.
    const { hostname, port, host } = new URL(t.url);
    const slow = createConnection({ host: hostname, port: Number(port) });
    let received = 0;
    let closed = false;
    slow.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    slow.on("close", () => {
      closed = true;
    });
    slow.on("error", () => {});
    slow.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/event-stream\r\n\r\n`);
    await eventually(() => received > 0, 5_000);
    slow.pause();

    // Each event carries the incident with all its updates: 60 updates of 9 KB send it about
    // 30 MB, far more than the kernel's socket buffers and the backlog limit hold.
    const updates = 60;
    for (let i = 0; i < updates; i++) await addUpdate(t.api, fixture.incidentId, `${i} ${"x".repeat(9_000)}`);
    const incidents = () => fast.events.filter((event) => event.event === "incident").length;
    await eventually(() => incidents() === updates, 30_000);

    slow.resume();
    await eventually(() => closed, 30_000);
    // It was closed, not fed everything: it read less than what the fast visitor got.
    expect(received).toBeLessThan(fast.raw().length);
    expect(fast.raw().length).toBeGreaterThan(10 * MAX_BACKLOG_BYTES);
    expect(fast.ended()).toBe(false);
    fast.close();
  });
});
