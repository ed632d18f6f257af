// Relay without a key: node(id:) and nodes(ids:) reach a public status page, the incidents it
// shows, their updates and its services (issue 13, item 5), and nothing else.
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { globalId as gid } from "../../support/global-id.js";
import { restClient } from "../../support/rest.js";

const PAGE_INCIDENTS = `query ($id: ID!, $first: Int, $after: String) {
  node(id: $id) { __typename id ... on StatusPage { name url
    incidents(first: $first, after: $after) { edges { cursor node { id name services { name } } } pageInfo { hasNextPage endCursor } } } } }`;
const NODES = `query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id
  ... on StatusPage { name cards { name services { name } } }
  ... on Incident { name services { name } updates { edges { node { description } } } }
  ... on IncidentUpdate { description incident { name services { name } } }
  ... on Service { name } } }`;

describe(`GraphQL node(id:) and nodes(ids:) without a key on ${testProvider}`, () => {
  let recording: string[] | null = null;
  const t = useTestApp({}, { onQuery: (sql) => recording?.push(sql) });
  const ids: Record<string, string> = {};
  const visitor = (query: string, variables: Record<string, unknown>) => graphql(t.url, query, {}, variables);

  beforeAll(async () => {
    const post = async (path: string, body: unknown, api = t.api) => {
      const response = await api.post(path, body);
      if (response.status !== 201) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
      return response.body;
    };
    for (const name of ["web", "api", "secret"]) ids[name] = (await post("/v1/status-pages/services", { name })).id;
    const page = (url: string, services: string[], isPrivate = false) =>
      post("/v1/status-pages", {
        name: url,
        url,
        isPrivate,
        cards: [{ name: "All", services: services.map((id) => ({ id })) }],
      });
    ids.publicPage = (await page("visitor-public", [ids.web!, ids.api!])).id;
    ids.privatePage = (await page("visitor-private", [ids.secret!], true)).id;
    const incident = async (name: string, services: string[]) => {
      const created = await post("/v1/status-pages/incidents", {
        name,
        severity: "MAJOR",
        services: services.map((id) => ({ id })),
        incidentUpdates: [{ description: `${name}: investigating` }],
      });
      return { id: created.id as string, updateId: created.incidentUpdates[0].id as string };
    };
    const shared = await incident("shared", [ids.secret!, ids.web!]);
    const secret = await incident("secret only", [ids.secret!]);
    const first = await incident("web first", [ids.web!]);
    const last = await incident("api latest", [ids.api!]);
    Object.assign(ids, {
      shared: shared.id,
      sharedUpdate: shared.updateId,
      secretOnly: secret.id,
      secretUpdate: secret.updateId,
      webFirst: first.id,
      webFirstUpdate: first.updateId,
      apiLatest: last.id,
    });
    ids.check = (
      await t.api.post("/v1/checks/api", {
        name: "hidden check",
        request: { url: "http://127.0.0.1:9/", method: "GET" },
        activated: false,
      })
    ).body.id;
    const other = restClient(t.url, (await t.newAccount()).apiKey);
    const theirService = (await post("/v1/status-pages/services", { name: "theirs" }, other)).id;
    ids.theirPage = (
      await post(
        "/v1/status-pages",
        { name: "Theirs", url: "visitor-theirs", cards: [{ name: "C", services: [{ id: theirService }] }] },
        other,
      )
    ).id;
    ids.theirPrivatePage = (
      await post("/v1/status-pages", { name: "Theirs private", url: "visitor-theirs-private", isPrivate: true }, other)
    ).id;
  });

  it("pages through a public page's incidents with node(id:), Relay style, without a key", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let round = 0; round < 5; round++) {
      const { status, body } = await visitor(PAGE_INCIDENTS, {
        id: gid("StatusPage", ids.publicPage!),
        first: 2,
        after,
      });
      expect([status, body.errors]).toEqual([200, undefined]);
      expect(body.data.node).toMatchObject({ __typename: "StatusPage", name: "visitor-public", url: "visitor-public" });
      const { edges, pageInfo } = body.data.node.incidents;
      seen.push(...edges.map((edge: { node: { name: string } }) => edge.node.name));
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(seen).toEqual(["api latest", "web first", "shared"]);
    const shared = await visitor(PAGE_INCIDENTS, { id: ids.publicPage, first: 10 });
    const names = JSON.stringify(shared.body);
    expect(names).not.toContain("secret");
  });

  it("resolves a public page, its incident, an update and a service in one nodes(ids:), as the page shows them", async () => {
    const { body } = await visitor(NODES, {
      ids: [
        gid("StatusPage", ids.publicPage!),
        gid("Incident", ids.shared!),
        gid("IncidentUpdate", ids.sharedUpdate!),
        gid("Service", ids.web!),
        ids.apiLatest, // a REST id is typed as with a key
      ],
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.nodes).toEqual([
      {
        __typename: "StatusPage",
        id: gid("StatusPage", ids.publicPage!),
        name: "visitor-public",
        cards: [{ name: "All", services: [{ name: "web" }, { name: "api" }] }],
      },
      {
        __typename: "Incident",
        id: gid("Incident", ids.shared!),
        name: "shared",
        services: [{ name: "web" }],
        updates: { edges: [{ node: { description: "shared: investigating" } }] },
      },
      {
        __typename: "IncidentUpdate",
        id: gid("IncidentUpdate", ids.sharedUpdate!),
        description: "shared: investigating",
        incident: { name: "shared", services: [{ name: "web" }] },
      },
      { __typename: "Service", id: gid("Service", ids.web!), name: "web" },
      expect.objectContaining({ __typename: "Incident", name: "api latest", services: [{ name: "api" }] }),
    ]);
  });

  it("answers null, with no error, for a private page and what only it shows, a check, and a REST id of them", async () => {
    const hidden = [
      gid("StatusPage", ids.privatePage!),
      gid("StatusPage", ids.theirPrivatePage!),
      gid("Incident", ids.secretOnly!),
      gid("IncidentUpdate", ids.secretUpdate!),
      gid("Service", ids.secret!),
      gid("ApiCheck", ids.check!),
      gid("CheckGroup", 1),
      ids.privatePage,
      ids.secretOnly,
      ids.check,
      "1",
    ];
    const { body } = await visitor(NODES, { ids: hidden });
    expect(body).toEqual({ data: { nodes: hidden.map(() => null) } });
    for (const id of hidden)
      expect((await visitor(`query ($id: ID!) { node(id: $id) { id } }`, { id })).body).toEqual({
        data: { node: null },
      });
  });

  it("reaches any account's public page, yet nothing behind a key from it", async () => {
    const theirs = await visitor(NODES, { ids: [gid("StatusPage", ids.theirPage!)] });
    expect(theirs.body.data.nodes[0]).toMatchObject({ name: "Theirs", cards: [{ services: [{ name: "theirs" }] }] });
    const keys = await visitor(`query ($id: ID!) { node(id: $id) { ... on StatusPage { keys { maskedKey } } } }`, {
      id: gid("StatusPage", ids.publicPage!),
    });
    expect(keys.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("keeps a key's answers as before: its own account's objects only", async () => {
    const { body } = await graphql(t.url, NODES, bearer(t.apiKey), {
      ids: [gid("StatusPage", ids.theirPage!), gid("Incident", ids.secretOnly!), gid("Service", ids.secret!)],
    });
    expect(body.data.nodes).toEqual([
      null,
      expect.objectContaining({ name: "secret only", services: [{ name: "secret" }] }),
      expect.objectContaining({ name: "secret" }),
    ]);
  });

  it("answers null once the page turns private", async () => {
    const url = "visitor-turns-private";
    const page = (
      await t.api.post("/v1/status-pages", { name: url, url, cards: [{ name: "C", services: [{ id: ids.api }] }] })
    ).body;
    const query = `query ($id: ID!) { node(id: $id) { id } }`;
    expect((await visitor(query, { id: gid("StatusPage", page.id) })).body.data.node).not.toBeNull();
    await t.api.put(`/v1/status-pages/${page.id}`, { name: url, url, isPrivate: true });
    expect((await visitor(query, { id: gid("StatusPage", page.id) })).body).toEqual({ data: { node: null } });
  });

  it("loads any number of nodes in the same few statements", async () => {
    let lastRecording: string[] = [];
    const run = async (ids: string[]) => {
      await visitor("{ __typename }", {});
      recording = [];
      try {
        const { body } = await visitor(NODES, { ids });
        expect(body.errors).toBeUndefined();
        lastRecording = recording;
        return recording.length;
      } finally {
        recording = null;
      }
    };
    const one = await run([
      gid("StatusPage", ids.publicPage!),
      gid("Incident", ids.shared!),
      gid("IncidentUpdate", ids.sharedUpdate!),
      gid("Service", ids.web!),
      ids.webFirst!,
    ]);
    const many = await run([
      gid("StatusPage", ids.publicPage!),
      gid("Incident", ids.shared!),
      gid("Incident", ids.webFirst!),
      gid("Incident", ids.apiLatest!),
      gid("IncidentUpdate", ids.sharedUpdate!),
      gid("IncidentUpdate", ids.webFirstUpdate!),
      gid("Service", ids.web!),
      gid("Service", ids.api!),
      ids.webFirst!,
      ids.apiLatest!,
      ids.api!,
    ]);
    // 4 to type the REST ids, 1 for pages, 5 for incidents (rows, services, updates, public pages),
    // 1 for updates (their incidents are the nodes' own, loaded once), 1 for services, 2 for the
    // page's cards and their services.
    expect(one, lastRecording.join("\n")).toBeLessThanOrEqual(14);
    expect(many).toBe(one);
  });
});
