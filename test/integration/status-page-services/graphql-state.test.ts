// Service.state (issue 30, the app's services screen): the worst severity of the open incidents
// naming the service, as the public page words it; read for every service in one statement.
import { describe, expect, it } from "vitest";
import { graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, createStatusPage } from "../../support/index.js";

describe(`GraphQL Service.state on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });

  const incident = async (severity: string, serviceIds: string[], status = "INVESTIGATING") => {
    const created = await t.api.post<{ id: string }>("/v1/status-pages/incidents", {
      name: `${severity} incident`,
      severity,
      services: serviceIds.map((id) => ({ id })),
      incidentUpdates: [{ description: "Looking.", status }],
    });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const states = async () => {
    const { body } = await t.gql("{ services(first: 50) { edges { node { name state } } } }");
    expect(body.errors).toBeUndefined();
    return Object.fromEntries(
      body.data.services.edges.map((edge: { node: { name: string; state: string | null } }) => [
        edge.node.name,
        edge.node.state,
      ]),
    );
  };

  it("is the worst open incident's severity; resolved ones count again when re-opened", async () => {
    const quiet = await createService(t.api, "Quiet");
    const shop = await createService(t.api, "Shop");
    const api = await createService(t.api, "API");
    await incident("MINOR", [shop.id, api.id]);
    await incident("CRITICAL", [api.id], "RESOLVED");
    const major = await incident("MAJOR", [api.id]);
    expect(await states()).toEqual({ Quiet: null, Shop: "MINOR", API: "MAJOR" });

    const resolve = (status: string) =>
      t.api.post(`/v1/status-pages/incidents/${major}/incident-updates`, { description: status, status });
    expect((await resolve("RESOLVED")).status).toBe(201);
    expect((await states()).API).toBe("MINOR");
    expect((await resolve("IDENTIFIED")).status).toBe(201);
    expect((await states()).API).toBe("MAJOR");
    // A visitor of a public page showing the service reads the same state, without a key.
    await createStatusPage(t.api, [quiet.id, api.id], { url: "state-page" });
    const { body } = await graphql(
      t.url,
      '{ publicStatusPage(url: "state-page") { cards { services { name state } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.publicStatusPage.cards[0].services).toEqual([
      { name: "Quiet", state: null },
      { name: "API", state: "MAJOR" },
    ]);
  });

  it("reads every service's state in one statement", async () => {
    statements.length = 0;
    await states();
    expect(statements.filter((sql) => sql.includes('"IncidentService"'))).toHaveLength(1);
  });
});
