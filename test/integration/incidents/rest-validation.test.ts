import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import {
  inCreationOrder,
  incidentRowCounts,
  incidentServices,
  type Service,
  validIncident,
} from "../../support/index.js";
import type { RestClient } from "../../support/rest.js";

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe(`REST status page incidents: validation on ${testProvider}`, () => {
  const t = useTestApp();
  let api: RestClient;
  let services: Service[];
  let foreign: Service;
  const counts = () => incidentRowCounts(t);
  const valid = () => validIncident(services[0]!);
  beforeAll(async () => {
    ({ api, services, foreign } = await incidentServices(t, 101));
  });

  const long = (n: number) => "x".repeat(n);
  it.each([
    [{ name: long(255) }, 201, []],
    [{ name: long(256) }, 400, ["name"]],
    [{ name: "  " }, 400, ["name"]],
    [{ severity: "HIGH" }, 400, ["severity"]],
    [{ severity: "critical" }, 400, ["severity"]],
    [
      { name: undefined, severity: undefined, services: undefined, incidentUpdates: undefined },
      400,
      ["name", "severity", "services", "incidentUpdates"],
    ],
    [{ services: [] }, 400, ["services"]],
    [{ services: "all" }, 400, ["services"]],
    [{ services: ["abc"] }, 400, ["services.0"]],
    [{ services: [{ name: "no id" }] }, 400, ["services.0.id"]],
    [{ services: [{ id: 5 }] }, 400, ["services.0.id"]],
    [{ services: [{ id: "abc" }] }, 400, ["services.0.id"]],
    [{ services: [{ id: "00000000-0000-4000-8000-000000000000" }] }, 400, ["services.0.id"]],
    [{ incidentUpdates: [] }, 400, ["incidentUpdates"]],
    [{ incidentUpdates: [{}] }, 400, ["incidentUpdates.0.description"]],
    [{ incidentUpdates: [{ description: "ok" }, { description: " " }] }, 400, ["incidentUpdates.1.description"]],
    [{ incidentUpdates: [{ description: long(10_000) }] }, 201, []],
    [{ incidentUpdates: [{ description: long(10_001) }] }, 400, ["incidentUpdates.0.description"]],
    [{ incidentUpdates: [{ description: "x", status: "DONE" }] }, 400, ["incidentUpdates.0.status"]],
    [
      { incidentUpdates: [{ description: "x", publicIncidentUpdateDate: "yesterday" }] },
      400,
      ["incidentUpdates.0.publicIncidentUpdateDate"],
    ],
    [
      { incidentUpdates: [{ description: "x", notifySubscribers: "yes" }] },
      400,
      ["incidentUpdates.0.notifySubscribers"],
    ],
    [{ incidentUpdates: [{ description: "x", colour: "red" }] }, 400, ["incidentUpdates.0.colour"]],
    [{ incidentUpdates: [{ description: "x", id: "ignored", created_at: "2000-01-01" }] }, 201, []],
    [{ incidentUpdates: Array.from({ length: 100 }, (_, i) => ({ description: `u${i}` })) }, 201, []],
    [{ incidentUpdates: Array.from({ length: 101 }, (_, i) => ({ description: `u${i}` })) }, 400, ["incidentUpdates"]],
    [{ lastUpdateStatus: "DONE" }, 400, ["lastUpdateStatus"]],
    [{ duration: "long" }, 400, ["duration"]],
    [{ colour: "red" }, 400, ["colour"]],
    [{ id: "ignored", created_at: "2000-01-01", updated_at: "2000-01-01" }, 201, []],
  ])("validates %o → %i", async (change, status, keys) => {
    const before = await counts();
    const response = await api.post("/v1/status-pages/incidents", { ...valid(), ...change });
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        validation: { source: "payload", keys },
      });
      expect(await counts()).toEqual(before);
    } else {
      expect(response.body.id).not.toBe("ignored");
      expect(response.body.created_at).not.toMatch(/^2000/);
      expect(ids(response.body.incidentUpdates)).not.toContain("ignored");
    }
  });

  it("accepts 100 services and refuses 101, another account's service, and the same service twice", async () => {
    const ok = await api.post("/v1/status-pages/incidents", { ...valid(), services: services.slice(0, 100) });
    expect(ok.status).toBe(201);
    expect(ids(ok.body.services)).toEqual(ids(inCreationOrder(services.slice(0, 100))));
    const before = await counts();
    const tooMany = await api.post("/v1/status-pages/incidents", { ...valid(), services });
    expect(tooMany.body.validation).toEqual({ source: "payload", keys: ["services"] });
    const refs = await api.post("/v1/status-pages/incidents", {
      ...valid(),
      services: [services[0], foreign, services[1], { id: services[0]!.id }],
    });
    expect(refs.status).toBe(400);
    expect(refs.body.validation).toEqual({ source: "payload", keys: ["services.1.id", "services.3.id"] });
    expect(await counts()).toEqual(before);
  });
});
