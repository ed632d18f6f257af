import { beforeAll, describe, expect, it } from "vitest";
import { seedStatusPages } from "../../support/index.js";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

// Issue 28: the status-page tree reads only the columns its answer's fields need (selection.ts).
// Whatever a query selects, through fragments, on an interface or in another branch of the tree,
// each field answers what the database holds; a field the reads do not know reads whole rows.
describe(`the status-page tree's columns on ${testProvider}`, () => {
  let recording: string[] | null = null;
  const t = useTestApp({}, { onQuery: (sql) => recording?.push(sql) });
  const shape = { pages: 2, cardsPerPage: 2, servicesPerCard: 2, incidentsPerPage: 2, updatesPerIncident: 2 };

  beforeAll(async () => {
    await seedStatusPages(t.db, t.accountId, shape, "columns");
    // Set apart from createdAt, so that a date read from the wrong column shows.
    await t.db.incidentUpdate.updateMany({
      data: { notifySubscribers: true, updatedAt: new Date("2026-05-06T07:08:09.010Z") },
    });
    await t.db.statusPageService.updateMany({ data: { updatedAt: new Date("2026-05-06T07:08:09.011Z") } });
    await t.db.incident.updateMany({ data: { updatedAt: new Date("2026-05-06T07:08:09.012Z") } });
  });

  async function ask(query: string) {
    await graphql(t.url, "{ __typename }", bearer(t.apiKey)); // the key's lookup is not the query's
    recording = [];
    try {
      const { body } = await graphql(t.url, query, bearer(t.apiKey));
      expect(body.errors).toBeUndefined();
      return { data: body.data, statements: recording };
    } finally {
      recording = null;
    }
  }

  /** What the database holds, as the answer shows it, by id. */
  async function stored() {
    const iso = (date: Date) => date.toISOString();
    const [services, incidents, updates] = await Promise.all([
      t.db.statusPageService.findMany({ where: { accountId: t.accountId } }),
      t.db.incident.findMany({ where: { accountId: t.accountId } }),
      t.db.incidentUpdate.findMany({ where: { incident: { accountId: t.accountId } } }),
    ]);
    return new Map<string, object>([
      ...services.map(
        (s) => [s.id, { name: s.name, createdAt: iso(s.createdAt), updatedAt: iso(s.updatedAt) }] as const,
      ),
      ...incidents.map(
        (i) =>
          [
            i.id,
            { name: i.name, severity: i.severity, createdAt: iso(i.createdAt), updatedAt: iso(i.updatedAt) },
          ] as const,
      ),
      ...updates.map(
        (u) =>
          [
            u.id,
            {
              description: u.description,
              notifySubscribers: u.notifySubscribers,
              createdAt: iso(u.createdAt),
              updatedAt: iso(u.updatedAt),
            },
          ] as const,
      ),
    ]);
  }

  it("answers every field a query selects, in fragments and on interfaces, as stored", async () => {
    const { data } = await ask(`{
      statusPages(first: 10) { edges { node {
        cards { services { databaseId name ... on Node { id } ...Dates } }
        incidents(first: 10) { edges { node {
          databaseId name severity createdAt ...IncidentUpdated
          services { databaseId name }
          updates(first: 10) { edges { node { databaseId ... on IncidentUpdate { description notifySubscribers createdAt updatedAt } } } }
        } } }
      } } }
    }
    fragment Dates on Service { createdAt updatedAt }
    fragment IncidentUpdated on Incident { updatedAt }`);
    const expected = await stored();
    const { databaseId: _, id: __, ...service } = data.statusPages.edges[0].node.cards[0].services[0];
    expect(service).toEqual(expected.get(data.statusPages.edges[0].node.cards[0].services[0].databaseId));
    let updates = 0;
    for (const { node: page } of data.statusPages.edges)
      for (const { node: incident } of page.incidents.edges) {
        const { databaseId, services, updates: list, ...fields } = incident;
        expect(fields).toEqual(expected.get(databaseId));
        // Service's createdAt is selected on cards only: the incidents' services are read with it too.
        for (const s of services) expect(s.name).toBe((expected.get(s.databaseId) as { name: string }).name);
        for (const { node: update } of list.edges) {
          const { databaseId: id, ...shown } = update;
          expect(shown).toEqual(expected.get(id));
          updates++;
        }
      }
    expect(updates).toBe(shape.pages * shape.incidentsPerPage * shape.updatesPerIncident);
  });

  it("reads only the columns a query selects, and whole rows for a field the reads do not list", async () => {
    const lean = await ask(`{ statusPages(first: 10) { edges { node {
      cards { services { name } }
      incidents(first: 10) { edges { node { name updates(first: 10) { edges { node { description } } } } } }
    } } } }`);
    const updateRead = (statements: string[]) =>
      statements.find((sql) => sql.trim().startsWith('SELECT "id", "incidentId"'))!;
    const cardServices = (statements: string[]) => statements.find((sql) => sql.includes('cs."cardId" AS "parentId"'))!;
    expect(updateRead(lean.statements)).not.toContain("notifySubscribers");
    expect(cardServices(lean.statements)).not.toContain("updatedAt");
    expect(lean.data.statusPages.edges[0].node.cards[0].services[0].name).toMatch(/^columns service/);

    // Service.state is not one of the columns' fields: the services are read whole.
    const whole = await ask(`{ statusPages(first: 10) { edges { node {
      cards { services { name state } }
      incidents(first: 10) { edges { node { name updates(first: 10) { edges { node { description notifySubscribers } } } } } }
    } } } }`);
    expect(updateRead(whole.statements)).toContain("notifySubscribers");
    expect(cardServices(whole.statements)).toContain("updatedAt");
    expect(whole.data.statusPages.edges[0].node.cards[0].services[0]).toEqual({
      name: lean.data.statusPages.edges[0].node.cards[0].services[0].name,
      state: null,
    });
  });

  it("reads the incidents' services only when a selected incident field shows them", async () => {
    const incidentServices = (statements: string[]) =>
      statements.filter((sql) => sql.includes('l."incidentId" AS "parentId"')).length;
    const pages = (incidentFields: string) => `{ statusPages(first: 10) { edges { node {
      incidents(first: 10) { edges { node { name ${incidentFields} } } }
    } } } }`;
    expect(incidentServices((await ask(pages("lastUpdateStatus"))).statements)).toBe(0);

    const listed = await ask(pages("services { name }"));
    expect(incidentServices(listed.statements)).toBe(1);
    const incident = listed.data.statusPages.edges[0].node.incidents.edges[0].node;
    expect(incident.services.length).toBeGreaterThan(0);
    // The pages showing an incident are found through its services.
    const showing = await ask(pages("statusPages { name }"));
    expect(incidentServices(showing.statements)).toBe(1);
    expect(showing.data.statusPages.edges[0].node.incidents.edges[0].node.statusPages.length).toBeGreaterThan(0);
  });
});
