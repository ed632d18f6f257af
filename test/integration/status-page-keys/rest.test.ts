import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";
import { restClient, type RestClient } from "../../support/rest.js";
import { subscribeSse } from "../../support/subscriptions.js";
import { globalId } from "../../support/global-id.js";
import { graphql } from "../../support/app.js";

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const MASKED = /^sp_[A-Za-z0-9_-]{4}\.\.\.[A-Za-z0-9_-]{4}$/;

describe(`REST status page keys and isPrivate on ${testProvider}`, () => {
  const t = useTestApp();
  let other: RestClient;
  let otherKey: string;
  let pageId: string;

  beforeAll(async () => {
    const account = await t.newAccount();
    otherKey = account.apiKey;
    other = restClient(t.url, otherKey);
    pageId = (await t.api.post("/v1/status-pages", { name: "Keys", url: "keys-page" })).body.id;
  });

  it("sets isPrivate on create and on update, and returns it", async () => {
    const created = await t.api.post("/v1/status-pages", { name: "Private", url: "private-flag", isPrivate: true });
    expect([created.status, created.body.isPrivate]).toEqual([201, true]);
    const kept = await t.api.put(`/v1/status-pages/${created.body.id}`, { name: "Private", url: "private-flag" });
    expect(kept.body.isPrivate).toBe(true);
    const opened = await t.api.put(`/v1/status-pages/${created.body.id}`, {
      name: "Private",
      url: "private-flag",
      isPrivate: false,
    });
    expect(opened.body.isPrivate).toBe(false);
    expect((await t.api.get(`/v1/status-pages/${created.body.id}`)).body.isPrivate).toBe(false);
    const wrong = await t.api.post("/v1/status-pages", { name: "Bad", url: "private-bad", isPrivate: "yes" });
    expect([wrong.status, wrong.body.validation]).toEqual([400, { source: "payload", keys: ["isPrivate"] }]);
  });

  it("creates a key shown once, lists and shows it masked, and stores only its hash", async () => {
    const created = await t.api.post(`/v1/status-pages/${pageId}/keys`);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: uuid,
      key: expect.stringMatching(/^sp_[A-Za-z0-9_-]{43}$/),
      maskedKey: expect.stringMatching(MASKED),
      created_at: stamp,
    });
    const { id, key, maskedKey } = created.body;
    expect(maskedKey).toBe(`${key.slice(0, 7)}...${key.slice(-4)}`);

    const listed = await t.api.get(`/v1/status-pages/${pageId}/keys`);
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({ id, maskedKey, created_at: stamp, updated_at: stamp });
    const page = await t.api.get(`/v1/status-pages/${pageId}`);
    expect(page.body.keys).toContainEqual({ id, maskedKey, created_at: stamp, updated_at: stamp });
    expect(JSON.stringify([listed.body, page.body])).not.toContain(key);

    const rows = await t.db.statusPageKey.findMany({ where: { statusPageId: pageId } });
    expect(JSON.stringify(rows)).not.toContain(key.slice(3));
    expect(rows.find((row) => row.id === id)?.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
  });

  it("revokes a key (204), then answers 404 for it", async () => {
    const { id } = (await t.api.post(`/v1/status-pages/${pageId}/keys`)).body;
    const deleted = await t.api.delete(`/v1/status-pages/${pageId}/keys/${id}`);
    expect([deleted.status, deleted.body]).toEqual([204, undefined]);
    expect((await t.api.get(`/v1/status-pages/${pageId}/keys`)).body.map((k: { id: string }) => k.id)).not.toContain(
      id,
    );
    const again = await t.api.delete(`/v1/status-pages/${pageId}/keys/${id}`);
    expect([again.status, again.body.error]).toEqual([404, "Not Found"]);
    expect((await t.api.delete(`/v1/status-pages/${pageId}/keys/not-a-uuid`)).status).toBe(404);
  });

  it("answers 404 for another account's page and for a key of another page", async () => {
    const { id } = (await t.api.post(`/v1/status-pages/${pageId}/keys`)).body;
    expect((await other.post(`/v1/status-pages/${pageId}/keys`)).status).toBe(404);
    expect((await other.get(`/v1/status-pages/${pageId}/keys`)).status).toBe(404);
    expect((await other.delete(`/v1/status-pages/${pageId}/keys/${id}`)).status).toBe(404);
    const otherPage = (await other.post("/v1/status-pages", { name: "Theirs", url: "their-keys" })).body.id;
    expect((await other.delete(`/v1/status-pages/${otherPage}/keys/${id}`)).status).toBe(404);
    const mine = (await t.api.post("/v1/status-pages", { name: "Second", url: "second-keys" })).body.id;
    expect((await t.api.delete(`/v1/status-pages/${mine}/keys/${id}`)).status).toBe(404);
    expect((await t.api.get(`/v1/status-pages/${pageId}/keys`)).body.map((k: { id: string }) => k.id)).toContain(id);
    expect((await t.api.get(`/v1/status-pages/not-a-uuid/keys`)).status).toBe(404);
    expect((await restClient(t.url, null).post(`/v1/status-pages/${pageId}/keys`)).status).toBe(401);
  });

  it("creates, shows (masked) and deletes keys over GraphQL", async () => {
    const created = await t.gql(
      `mutation ($id: ID!) { createStatusPageKey(statusPageId: $id) {
        ... on CreateStatusPageKeySuccess { data { key statusPageKey { id maskedKey } } } } }`,
      { id: pageId },
    );
    const { key, statusPageKey } = created.body.data.createStatusPageKey.data;
    expect(key).toMatch(/^sp_/);
    expect(statusPageKey.maskedKey).toBe(`${key.slice(0, 7)}...${key.slice(-4)}`);
    const read = await t.gql(`query ($id: ID!) { node(id: $id) { ... on StatusPage { keys { id maskedKey } } } }`, {
      id: Buffer.from(`StatusPage:${pageId}`).toString("base64"),
    });
    expect(read.body.data.node.keys).toContainEqual(statusPageKey);
    expect(JSON.stringify(read.body)).not.toContain(key);

    const DELETE = `mutation ($page: ID!, $key: ID!) { deleteStatusPageKey(statusPageId: $page, keyId: $key) {
      __typename ... on DeleteStatusPageKeySuccess { data { deletedId } } } }`;
    const theirs = await t.gql(DELETE, { page: pageId, key: statusPageKey.id }, otherKey);
    expect(theirs.body.data.deleteStatusPageKey.__typename).toBe("NotFoundError");
    const mine = await t.gql(DELETE, { page: pageId, key: statusPageKey.id });
    expect(mine.body.data.deleteStatusPageKey.data).toEqual({ deletedId: statusPageKey.id });
    const gone = await t.gql(DELETE, { page: pageId, key: statusPageKey.id });
    expect(gone.body.data.deleteStatusPageKey.__typename).toBe("NotFoundError");
    const refused = await t.gql(
      `mutation ($id: ID!) { createStatusPageKey(statusPageId: $id) { __typename } }`,
      { id: pageId },
      otherKey,
    );
    expect(refused.body.data.createStatusPageKey.__typename).toBe("NotFoundError");
  });

  it("sets isPrivate over GraphQL", async () => {
    const created = await t.gql(
      `mutation { createStatusPage(input: { name: "G", url: "graphql-private", isPrivate: true }) {
        ... on CreateStatusPageSuccess { data { isPrivate } } } }`,
    );
    expect(created.body.data.createStatusPage.data).toEqual({ isPrivate: true });
  });

  it("never shows a private page through key-less GraphQL, not even with one of its keys", async () => {
    const page = (
      await t.api.post("/v1/status-pages", { name: "Hidden from GraphQL", url: "graphql-hidden", isPrivate: true })
    ).body;
    const { key } = (await t.api.post(`/v1/status-pages/${page.id}/keys`)).body;
    const query = `{ publicStatusPage(url: "graphql-hidden") { id name } }`;
    expect((await graphql(t.url, query)).body).toEqual({ data: { publicStatusPage: null } });
    // A status-page key opens the page on the web only: it is not an API key.
    const withKey = await graphql(t.url, query, { authorization: `Bearer ${key}` });
    expect([withKey.status, withKey.body.errors?.[0]?.extensions?.code]).toEqual([401, "UNAUTHENTICATED"]);
    const node = await graphql(
      t.url,
      `query ($id: ID!) { node(id: $id) { id } }`,
      {},
      { id: globalId("StatusPage", page.id) },
    );
    expect(node.body).toEqual({ data: { node: null } });
    const sse = await subscribeSse(t.url, `subscription ($id: ID) { incidentChanged(statusPageId: $id) { id } }`, {
      id: globalId("StatusPage", page.id),
    });
    try {
      expect((await sse.next()).errors?.map((error) => error.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    } finally {
      sse.close();
    }
  });
});
