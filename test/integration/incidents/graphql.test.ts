import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createServiceByGraphql } from "../../support/index.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";

const UPDATE_FIELDS = "id description status publicIncidentUpdateDate notifySubscribers createdAt updatedAt";
const INCIDENT_FIELDS = `id name severity services { id name } lastUpdateStatus duration createdAt updatedAt
  updates { edges { node { ${UPDATE_FIELDS} } } }`;
const CREATE = `mutation ($input: CreateIncidentInput!) {
  createIncident(input: $input) {
    __typename
    ... on CreateIncidentSuccess { data { ${INCIDENT_FIELDS} } }
    ... on ValidationError { message fieldPaths }
  }
}`;
const ADD = `mutation ($incidentId: ID!, $input: IncidentUpdateInput!) {
  addIncidentUpdate(incidentId: $incidentId, input: $input) { __typename ... on AddIncidentUpdateSuccess { data { ${UPDATE_FIELDS} incident { id } } } ... on Error { message } }
}`;
const INCIDENT = `query ($id: ID!) { node(id: $id) { __typename ... on Incident { ${INCIDENT_FIELDS} } } }`;

describe(`GraphQL incidents on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;
  const service = (name: string, key?: string) => createServiceByGraphql(gql, name, key);
  const create = async (input: Record<string, unknown>, key = t.apiKey) =>
    (await gql(CREATE, { input }, key)).body.data.createIncident.data;

  it("creates an incident with its first updates, derived status and duration, in the exact shape", async () => {
    const [api, db] = [await service("API"), await service("DB")];
    const created = await gql(CREATE, {
      input: {
        name: "Outage",
        severity: "MAJOR",
        services: [{ id: api.id }, { id: db.id }],
        incidentUpdates: [
          { description: "Looking", publicIncidentUpdateDate: "2026-01-05T10:00:00Z" },
          {
            description: "Found it",
            status: "IDENTIFIED",
            publicIncidentUpdateDate: "2026-01-05T10:30:00Z",
            notifySubscribers: true,
          },
        ],
      },
    });
    expect(created.body.errors).toBeUndefined();
    const incident = created.body.data.createIncident.data;
    expect(created.body.data.createIncident).toEqual({
      __typename: "CreateIncidentSuccess",
      data: {
        id: expect.any(String),
        name: "Outage",
        severity: "MAJOR",
        services: [api, db],
        lastUpdateStatus: "IDENTIFIED",
        duration: null,
        createdAt: stamp,
        updatedAt: stamp,
        updates: {
          edges: [
            {
              node: {
                id: expect.any(String),
                description: "Found it",
                status: "IDENTIFIED",
                publicIncidentUpdateDate: "2026-01-05T10:30:00.000Z",
                notifySubscribers: true,
                createdAt: stamp,
                updatedAt: stamp,
              },
            },
            {
              node: {
                id: expect.any(String),
                description: "Looking",
                status: "INVESTIGATING",
                publicIncidentUpdateDate: "2026-01-05T10:00:00.000Z",
                notifySubscribers: false,
                createdAt: stamp,
                updatedAt: stamp,
              },
            },
          ],
        },
      },
    });
    expect((await gql(INCIDENT, { id: incident.id })).body.data.node).toEqual({ __typename: "Incident", ...incident });

    const resolved = await gql(ADD, {
      incidentId: incident.id,
      input: { description: "Fixed", status: "RESOLVED", publicIncidentUpdateDate: "2026-01-05T11:15:00Z" },
    });
    expect(resolved.body.data.addIncidentUpdate).toEqual({
      __typename: "AddIncidentUpdateSuccess",
      data: {
        id: expect.any(String),
        description: "Fixed",
        status: "RESOLVED",
        publicIncidentUpdateDate: "2026-01-05T11:15:00.000Z",
        notifySubscribers: false,
        createdAt: stamp,
        updatedAt: stamp,
        incident: { id: incident.id },
      },
    });
    const after = (await gql(INCIDENT, { id: incident.id })).body.data.node;
    expect(after).toMatchObject({ lastUpdateStatus: "RESOLVED", duration: 75 * 60 });
    expect(after.updates.edges.map((e: any) => e.node.description)).toEqual(["Fixed", "Found it", "Looking"]);
  });

  it("answers broken rules with a typed ValidationError and writes nothing", async () => {
    const count = () => t.db.incident.count();
    const before = await count();
    const invalid = await gql(CREATE, {
      input: { name: "n".repeat(256), severity: "MINOR", services: [], incidentUpdates: [{ description: "" }] },
    });
    expect(invalid.body.data.createIncident).toEqual({
      __typename: "ValidationError",
      message: expect.stringContaining("name"),
      fieldPaths: ["name", "services", "incidentUpdates.0.description"],
    });
    const page = await gql(
      `mutation { createStatusPage(input: { name: "x", url: "not-a-service" }) { ... on CreateStatusPageSuccess { data { id } } } }`,
    );
    const wrongType = await gql(CREATE, {
      input: {
        name: "x",
        severity: "MINOR",
        services: [{ id: page.body.data.createStatusPage.data.id }],
        incidentUpdates: [{ description: "d" }],
      },
    });
    expect(wrongType.body.data.createIncident).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["services.0.id"],
    });
    expect(await count()).toBe(before);

    const svc = await service("S");
    const incident = await create({
      name: "x",
      severity: "MINOR",
      services: [{ id: svc.id }],
      incidentUpdates: [{ description: "d" }],
    });
    const badUpdate = await gql(ADD, {
      incidentId: incident.id,
      input: { description: "ok", publicIncidentUpdateDate: "yesterday" },
    });
    expect(badUpdate.body.data.addIncidentUpdate).toEqual({
      __typename: "ValidationError",
      message: expect.stringContaining("publicIncidentUpdateDate"),
    });
    expect((await gql(INCIDENT, { id: incident.id })).body.data.node.updates.edges).toHaveLength(1);
  });

  it("updates and deletes incidents and updates by global id; an incident keeps its last update", async () => {
    const [a, b] = [await service("A"), await service("B")];
    const incident = await create({
      name: "Slow",
      severity: "MINOR",
      services: [{ id: a.id }],
      incidentUpdates: [{ description: "one" }],
    });
    const updated = await gql(
      `mutation ($id: ID!, $input: UpdateIncidentInput!) { updateIncident(id: $id, input: $input) { ... on UpdateIncidentSuccess { data { name severity services { name } } } } }`,
      { id: incident.id, input: { name: "Very slow", severity: "CRITICAL", services: [{ id: b.id }, { id: a.id }] } },
    );
    // Services show in creation order (created_at, then id: A and B may share a millisecond).
    const order = await t.db.statusPageService.findMany({
      where: { name: { in: ["A", "B"] }, accountId: t.accountId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { name: true },
    });
    expect(order.map((s) => s.name).sort()).toEqual(["A", "B"]);
    expect(updated.body.data.updateIncident.data).toEqual({ name: "Very slow", severity: "CRITICAL", services: order });

    const first = incident.updates.edges[0].node;
    const lastOne = await gql(
      `mutation ($id: ID!) { deleteIncidentUpdate(id: $id) { __typename ... on ConflictError { message } } }`,
      { id: first.id },
    );
    expect(lastOne.body.data.deleteIncidentUpdate).toEqual({
      __typename: "ConflictError",
      message: expect.stringContaining("at least one update"),
    });

    const second = (await gql(ADD, { incidentId: incident.id, input: { description: "two", status: "MONITORING" } }))
      .body.data.addIncidentUpdate.data;
    const edited = await gql(
      `mutation ($id: ID!, $input: IncidentUpdateInput!) { updateIncidentUpdate(id: $id, input: $input) { ... on UpdateIncidentUpdateSuccess { data { id description status notifySubscribers } } } }`,
      { id: first.id, input: { description: "one, edited", notifySubscribers: true } },
    );
    expect(edited.body.data.updateIncidentUpdate.data).toEqual({
      id: first.id,
      description: "one, edited",
      status: "INVESTIGATING",
      notifySubscribers: true,
    });
    const updateNode = await gql(
      `query ($id: ID!) { node(id: $id) { __typename id ... on IncidentUpdate { description incident { id name } } } }`,
      { id: second.id },
    );
    expect(updateNode.body.data.node).toEqual({
      __typename: "IncidentUpdate",
      id: second.id,
      description: "two",
      incident: { id: incident.id, name: "Very slow" },
    });

    const removed = await gql(
      `mutation ($id: ID!) { deleteIncidentUpdate(id: $id) { ... on DeleteIncidentUpdateSuccess { data { deletedId } } } }`,
      { id: second.id },
    );
    expect(removed.body.data.deleteIncidentUpdate.data.deletedId).toBe(second.id);
    expect((await gql(INCIDENT, { id: incident.id })).body.data.node.lastUpdateStatus).toBe("INVESTIGATING");
    const deleted = await gql(
      `mutation ($id: ID!) { deleteIncident(id: $id) { ... on DeleteIncidentSuccess { data { deletedId } } } }`,
      { id: incident.id },
    );
    expect(deleted.body.data.deleteIncident.data.deletedId).toBe(incident.id);
    expect(
      (await gql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [incident.id, first.id] })).body.data.nodes,
    ).toEqual([null, null]);
  });

  it("hides incidents and updates from another account: null nodes, NotFoundError mutations", async () => {
    const svc = await service("Mine");
    const incident = await create({
      name: "Private matter",
      severity: "MINOR",
      services: [{ id: svc.id }],
      incidentUpdates: [{ description: "d" }],
    });
    const updateId = incident.updates.edges[0].node.id;
    const other = await t.newAccount();
    const theirs = await service("Theirs", other.apiKey);
    const seen = await gql(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { id } incidents { edges { node { id } } } }`,
      { ids: [incident.id, updateId] },
      other.apiKey,
    );
    expect(seen.body.data).toEqual({ nodes: [null, null], incidents: { edges: [] } });
    const attempts = {
      updateIncident: [
        `mutation ($id: ID!, $s: ID!) { r: updateIncident(id: $id, input: { name: "x", severity: MINOR, services: [{ id: $s }] }) { __typename } }`,
        { id: incident.id, s: theirs.id },
      ],
      addIncidentUpdate: [
        `mutation ($id: ID!) { r: addIncidentUpdate(incidentId: $id, input: { description: "x" }) { __typename } }`,
        { id: incident.id },
      ],
      updateIncidentUpdate: [
        `mutation ($id: ID!) { r: updateIncidentUpdate(id: $id, input: { description: "x" }) { __typename } }`,
        { id: updateId },
      ],
      deleteIncidentUpdate: [
        `mutation ($id: ID!) { r: deleteIncidentUpdate(id: $id) { __typename } }`,
        { id: updateId },
      ],
      deleteIncident: [`mutation ($id: ID!) { r: deleteIncident(id: $id) { __typename } }`, { id: incident.id }],
    } as const;
    for (const [name, [query, variables]] of Object.entries(attempts)) {
      expect([name, (await gql(query, variables, other.apiKey)).body.data.r.__typename]).toEqual([
        name,
        "NotFoundError",
      ]);
    }
    expect((await gql(INCIDENT, { id: incident.id })).body.data.node).toEqual({ __typename: "Incident", ...incident });
  });
});
