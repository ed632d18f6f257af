import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const KEYS = "{ viewer { apiKeys { id name maskedKey createdAt lastUsedAt } } }";
const CREATE = `mutation ($name: String) { createApiKey(name: $name) {
  ... on CreateApiKeySuccess { data { key apiKey { id name maskedKey } } }
  ... on ValidationError { message } } }`;
const REVOKE = `mutation ($id: ID!) { revokeApiKey(id: $id) {
  ... on RevokeApiKeySuccess { data { deletedId } }
  ... on ConflictError { message } ... on NotFoundError { message } } }`;

describe(`GraphQL API keys on ${testProvider}`, () => {
  const t = useTestApp();

  it("lists on the viewer, creates once-shown keys, revokes, and keeps the last key", async () => {
    const account = await t.newAccount("GraphQL keys");
    const before = await t.gql(KEYS, {}, account.apiKey);
    expect(before.body.data.viewer.apiKeys).toEqual([
      {
        id: expect.any(String),
        name: null,
        maskedKey: `${account.apiKey.slice(0, 7)}…${account.apiKey.slice(-4)}`,
        createdAt: expect.any(String),
        lastUsedAt: before.body.data.viewer.apiKeys[0].lastUsedAt,
      },
    ]);
    const created = (await t.gql(CREATE, { name: "ci" }, account.apiKey)).body.data.createApiKey.data;
    expect(created.key).toMatch(/^vg_/);
    expect(created.apiKey).toEqual({
      id: expect.any(String),
      name: "ci",
      maskedKey: `${created.key.slice(0, 7)}…${created.key.slice(-4)}`,
    });
    const invalid = await t.gql(CREATE, { name: " " }, account.apiKey);
    expect(invalid.body.data.createApiKey.message).toBeTruthy();

    const otherKeys = (await t.gql(KEYS)).body.data.viewer.apiKeys;
    const foreign = await t.gql(REVOKE, { id: otherKeys[0].id }, account.apiKey);
    expect(foreign.body.data.revokeApiKey.message).toMatch(/not found/);

    const revoked = await t.gql(REVOKE, { id: before.body.data.viewer.apiKeys[0].id }, created.key);
    expect(revoked.body.data.revokeApiKey.data).toEqual({ deletedId: before.body.data.viewer.apiKeys[0].id });
    expect((await t.gql(KEYS, {}, account.apiKey)).status).toBe(401);
    const last = await t.gql(REVOKE, { id: created.apiKey.id }, created.key);
    expect(last.body.data.revokeApiKey.message).toMatch(/last API key/);
    expect((await t.gql(KEYS, {}, created.key)).body.data.viewer.apiKeys).toHaveLength(1);
  });
});
