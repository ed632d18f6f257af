// A maintenance's updates where the window shows (issue 29, section 3): on the public page, in
// summary.json, live as SSE `event: maintenance`, and at a subscriber's webhook (a real HTTP
// receiver) when written with notifySubscribers; a skipped occurrence leaves the page.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { createService } from "../../support/index.js";
import { startReceiver } from "../../support/receiver.js";
import { restClient } from "../../support/rest.js";
import { openEventStream, visit } from "../../support/visitor.js";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const slug = () => `mnt-${randomBytes(4).toString("hex")}`;

describe(`maintenance updates on status pages on ${testProvider}`, () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp({ ENGINE_ENABLED: "true" });
  });
  afterAll(async () => {
    await t?.stop();
    await receiver?.close();
  });
  const api = () => restClient(t.url, t.apiKey);

  it("shows updates on the page, summary.json and the event stream, and tells webhook subscribers when asked", async () => {
    const service = await createService(api(), `svc-${slug()}`);
    const page = (
      await api().post("/v1/status-pages", {
        name: "Acme Status",
        url: slug(),
        cards: [{ name: "Core", services: [{ id: service.id }] }],
      })
    ).body as { id: string; url: string };
    await api().post(`/v1/status-pages/${page.id}/subscriptions/bulk`, {
      subscriptions: [{ type: "WEBHOOK", config: `${receiver.url}/hook` }],
      autoVerify: true,
    });
    const start = Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR;
    const window = await api().post("/v1/maintenance-windows", {
      name: "Database upgrade",
      startsAt: iso(start),
      endsAt: iso(start + HOUR),
      repeatUnit: "DAY",
      repeatInterval: 1,
      statusPageVisibility: { enabled: true, statusPageIds: [page.id], affectAllServices: true },
    });
    expect(window.status, JSON.stringify(window.body)).toBe(201);
    const base = `/v1/maintenance-windows/${window.body.id}/maintenances`;
    const [next, following] = (await api().get(base)).body as { id: string }[];
    const stream = await openEventStream(t.url, `/status/${page.url}/events`);
    expect(stream.status).toBe(200);

    const quiet = await api().post(`${base}/${next!.id}/updates`, {
      status: "SCHEDULED",
      description: "No writes for an hour",
    });
    expect(quiet.status).toBe(201);
    const loud = await api().post(`${base}/${next!.id}/updates`, {
      status: "SCHEDULED",
      description: "Read-only mode & <b>maybe</b> slower",
      notifySubscribers: true,
    });
    expect(loud.status).toBe(201);

    // The subscriber hears of the update written with notifySubscribers, and only of it.
    const delivered = await eventually(() => receiver.received.find((r) => r.path === "/hook"));
    const body = JSON.parse(delivered.body);
    expect(body).toMatchObject({
      type: "maintenance.update",
      statusPage: { id: page.id, name: "Acme Status" },
      maintenance: {
        id: window.body.id,
        name: "Database upgrade",
        startsAt: iso(start),
        endsAt: iso(start + HOUR),
        maintenanceId: next!.id,
        update: { id: loud.body.id, status: "SCHEDULED", description: "Read-only mode & <b>maybe</b> slower" },
      },
    });
    expect(receiver.received.filter((r) => r.path === "/hook")).toHaveLength(1);

    // Live: one `event: maintenance` per write, with the updates newest first.
    const messages = await eventually(() => {
      const found = stream.events.filter((e) => e.event === "maintenance");
      return found.length >= 2 ? found : null;
    });
    expect(JSON.parse(messages[1]!.data)).toEqual({
      id: next!.id,
      maintenanceWindowId: window.body.id,
      name: "Database upgrade",
      description: null,
      state: "upcoming",
      startsAt: iso(start),
      endsAt: iso(start + HOUR),
      updates: [
        expect.objectContaining({
          id: loud.body.id,
          status: "SCHEDULED",
          description: "Read-only mode & <b>maybe</b> slower",
        }),
        expect.objectContaining({ id: quiet.body.id, description: "No writes for an hour" }),
      ],
    });

    // The page (escaped) and summary.json.
    const html = (await visit(t.url, `/status/${page.url}`)).body;
    expect(html).toContain("Read-only mode &amp; &lt;b&gt;maybe&lt;/b&gt; slower");
    expect(html).toContain("No writes for an hour");
    expect(html).toContain(`data-maintenance-updates="${next!.id}"`);
    const summary = JSON.parse((await visit(t.url, `/status/${page.url}/summary.json`)).body);
    expect(summary.scheduled_maintenances[0]).toMatchObject({
      id: String(window.body.id),
      status: "scheduled",
      incident_updates: [
        { id: loud.body.id, status: "scheduled", body: "Read-only mode & <b>maybe</b> slower" },
        { id: quiet.body.id, status: "scheduled", body: "No writes for an hour" },
      ],
    });

    // Skipped: the stream says it left the page, and the page shows the next day's occurrence instead.
    expect((await api().delete(`${base}/${next!.id}`)).status).toBe(204);
    await eventually(() => stream.events.some((e) => e.event === "maintenance" && JSON.parse(e.data).removed === true));
    const after = JSON.parse((await visit(t.url, `/status/${page.url}/summary.json`)).body);
    expect(after.scheduled_maintenances[0]).toMatchObject({
      scheduled_for: iso(start + 24 * HOUR),
      incident_updates: [],
    });
    expect((await visit(t.url, `/status/${page.url}`)).body).toContain(`data-maintenance-updates="${following!.id}"`);
    stream.close();
  });
});
