import { beforeAll, describe, expect, it } from "vitest";
import type { VigilEvent } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createStatusPage, incidentServices, type Service, validIncident } from "../../support/index.js";
import type { RestClient } from "../../support/rest.js";

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe(`REST status page incidents: events on ${testProvider}`, () => {
  const t = useTestApp();
  let api: RestClient;
  let services: Service[];
  let foreign: Service;
  const valid = () => validIncident(services[0]!);
  const record = () => {
    const events: VigilEvent[] = [];
    const stop = t.app.context.events.subscribe((event) => events.push(event));
    return { events, stop };
  };
  beforeAll(async () => {
    ({ api, services, foreign } = await incidentServices(t, 13));
  });

  it("publishes incidentChanged and incidentUpdateAdded after each write, naming the pages that show or showed it", async () => {
    const [s1, s2, s3] = [services[10]!, services[11]!, services[12]!];
    const page1 = await createStatusPage(api, [s1.id], { name: "1", url: "events-1", card: "c" });
    const page2 = await createStatusPage(api, [s2.id], { name: "2", url: "events-2", card: "c" });
    const sorted = (...pages: { id: string }[]) => ids(pages).sort();
    const accountId = t.accountId;

    let rec = record();
    const created = (
      await api.post("/v1/status-pages/incidents", {
        ...valid(),
        services: [s1],
        incidentUpdates: [{ description: "a" }, { description: "b" }],
      })
    ).body;
    rec.stop();
    const incidentId = created.id;
    const [b, a] = ids(created.incidentUpdates);
    expect(rec.events).toEqual([
      { type: "incidentChanged", accountId, incidentId, statusPageIds: [page1.id] },
      { type: "incidentUpdateAdded", accountId, incidentId, incidentUpdateId: a, statusPageIds: [page1.id] },
      { type: "incidentUpdateAdded", accountId, incidentId, incidentUpdateId: b, statusPageIds: [page1.id] },
    ]);

    rec = record();
    await api.put(`/v1/status-pages/incidents/${incidentId}`, { ...valid(), services: [s2, s3] });
    rec.stop();
    // It left page 1 and joined page 2: both hear of it.
    expect(rec.events).toEqual([
      { type: "incidentChanged", accountId, incidentId, statusPageIds: sorted(page1, page2) },
    ]);

    rec = record();
    const added = (await api.post(`/v1/status-pages/incidents/${incidentId}/incident-updates`, { description: "c" }))
      .body;
    await api.put(`/v1/status-pages/incidents/${incidentId}/incident-updates/${added.id}`, {
      description: "c2",
      status: "RESOLVED",
    });
    await api.delete(`/v1/status-pages/incidents/${incidentId}/incident-updates/${added.id}`);
    rec.stop();
    expect(rec.events).toEqual([
      { type: "incidentUpdateAdded", accountId, incidentId, incidentUpdateId: added.id, statusPageIds: [page2.id] },
      { type: "incidentChanged", accountId, incidentId, statusPageIds: [page2.id] },
      { type: "incidentChanged", accountId, incidentId, statusPageIds: [page2.id] },
    ]);

    rec = record();
    expect((await api.post("/v1/status-pages/incidents", { ...valid(), services: [foreign] })).status).toBe(400);
    expect((await api.put(`/v1/status-pages/incidents/${incidentId}`, { name: "x" })).status).toBe(400);
    expect((await api.delete(`/v1/status-pages/incidents/${incidentId}`)).status).toBe(204);
    rec.stop();
    expect(rec.events).toEqual([{ type: "incidentChanged", accountId, incidentId, statusPageIds: [page2.id] }]);
  });
});
