// Viewer.apiKeyConnection and Session.apiKeyId: the operator app's keys screen pages its keys on
// the server, and says which key its own session was opened with before that key is revoked.
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { cookieGql, signIn } from "../../support/sessions.js";

const CREATE = `mutation ($name: String) { createApiKey(name: $name) { ... on CreateApiKeySuccess { data { key apiKey { id } } } } }`;
const PAGE = `query ($first: Int, $after: String) { viewer { apiKeyConnection(first: $first, after: $after) {
  edges { cursor node { id name maskedKey } } pageInfo { hasNextPage endCursor } } } }`;
const REVOKE = `mutation ($id: ID!) { revokeApiKey(id: $id) { __typename } }`;

describe(`Viewer.apiKeyConnection on ${testProvider}`, () => {
  const t = useTestApp();

  it("pages the account's open keys newest first, masked, without revoked or foreign ones", async () => {
    const account = await t.newAccount("Keys");
    const made: { id: string; key: string }[] = [];
    for (const name of ["k1", "k2", "k3", "k4"]) {
      const { body } = await t.gql(CREATE, { name }, account.apiKey);
      made.push({ id: body.data.createApiKey.data.apiKey.id, key: body.data.createApiKey.data.key });
    }
    expect((await t.gql(REVOKE, { id: made[1]!.id }, account.apiKey)).body.data.revokeApiKey.__typename).toBe(
      "RevokeApiKeySuccess",
    );
    await t.gql(CREATE, { name: "theirs" }); // the test's own account

    const names: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const { body } = await t.gql(PAGE, { first: 2, after }, account.apiKey);
      expect(body.errors).toBeUndefined();
      const connection = body.data.viewer.apiKeyConnection;
      for (const edge of connection.edges) {
        names.push(edge.node.name ?? "(first key)");
        expect(edge.node.maskedKey).toMatch(/^vg_.{4}….{4}$/);
        expect(JSON.stringify(edge)).not.toContain(made[0]!.key);
      }
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(names).toEqual(["k4", "k3", "k1", "(first key)"]);
  });

  it("tells a signed-in browser which key its session was opened with", async () => {
    const cookie = await signIn(t.url, t.apiKey);
    const { body } = await cookieGql(t.url, "{ session { apiKeyId } viewer { apiKeys { id } } }", { cookie });
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.apiKeys.map((key: { id: string }) => key.id)).toContain(body.data.session.apiKeyId);
  });
});
