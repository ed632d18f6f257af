import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createServiceByGraphql } from "../../support/index.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";

const COLOR_FIELDS = [
  "bodyBackgroundColor",
  "headerBackgroundColor",
  "headerFontColor",
  "titleFontColor",
  "bodyFontColor",
  "bodyFontColorMuted",
  "navigationFontColor",
  "linkFontColor",
  "cardBackgroundColor",
  "borderColor",
  "primaryButtonBackgroundColor",
  "primaryButtonFontColor",
];
const palette = (colour: string) => Object.fromEntries(COLOR_FIELDS.map((field) => [field, colour]));
const themeColors = { light: palette("#FFFFFF"), dark: palette("#1a2b3c") };

const PAGE_FIELDS = `id name url description customDomain logo logoDark redirectTo favicon defaultTheme version isPrivate
  themeColors { light { ${COLOR_FIELDS.join(" ")} } dark { ${COLOR_FIELDS.join(" ")} } }
  cards { id name services { id name } createdAt updatedAt } keys { id maskedKey createdAt updatedAt } createdAt updatedAt`;
const CREATE = `mutation ($input: StatusPageInput!) {
  createStatusPage(input: $input) {
    __typename
    ... on CreateStatusPageSuccess { data { ${PAGE_FIELDS} } }
    ... on ValidationError { message fieldPaths }
    ... on ConflictError { message }
  }
}`;
const UPDATE = `mutation ($id: ID!, $input: StatusPageInput!) {
  updateStatusPage(id: $id, input: $input) {
    __typename
    ... on UpdateStatusPageSuccess { data { ${PAGE_FIELDS} } }
    ... on Error { message }
  }
}`;
const DELETE = `mutation ($id: ID!) { deleteStatusPage(id: $id) { __typename ... on DeleteStatusPageSuccess { data { deletedId } } } }`;

describe(`GraphQL status pages on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;
  const service = (name: string, key?: string) => createServiceByGraphql(gql, name, key);
  const pages = () => t.db.statusPage.count();

  it("creates a page with its defaults, then with theme colours and cards of services, in the exact shape", async () => {
    const bare = await gql(CREATE, { input: { name: "Acme", url: "acme" } });
    expect(bare.body.errors).toBeUndefined();
    expect(bare.body.data.createStatusPage).toEqual({
      __typename: "CreateStatusPageSuccess",
      data: {
        id: expect.any(String),
        name: "Acme",
        url: "acme",
        description: null,
        customDomain: null,
        logo: null,
        logoDark: null,
        redirectTo: null,
        favicon: null,
        defaultTheme: "AUTO",
        version: null,
        isPrivate: false,
        themeColors: null,
        cards: [],
        keys: [],
        createdAt: stamp,
        updatedAt: stamp,
      },
    });

    const [api, db] = [await service("API"), await service("Database")];
    const input = {
      name: "Shop",
      url: "Shop-Status",
      description: "All systems",
      customDomain: "status.example.com",
      logo: "https://example.com/logo.png",
      defaultTheme: "DARK",
      version: 2,
      themeColors,
      cards: [{ name: "Backend", services: [{ id: db.id }, { id: api.id }] }, { name: "Empty" }],
    };
    const created = (await gql(CREATE, { input })).body.data.createStatusPage;
    expect(created).toEqual({
      __typename: "CreateStatusPageSuccess",
      data: {
        id: expect.any(String),
        name: "Shop",
        url: "shop-status",
        description: "All systems",
        customDomain: "status.example.com",
        logo: "https://example.com/logo.png",
        logoDark: null,
        redirectTo: null,
        favicon: null,
        defaultTheme: "DARK",
        version: 2,
        isPrivate: false,
        themeColors,
        cards: [
          { id: expect.any(String), name: "Backend", services: [db, api], createdAt: stamp, updatedAt: stamp },
          { id: expect.any(String), name: "Empty", services: [], createdAt: stamp, updatedAt: stamp },
        ],
        keys: [],
        createdAt: stamp,
        updatedAt: stamp,
      },
    });
  });

  it("answers broken rules with a typed ValidationError, a taken url with a ConflictError, and writes nothing", async () => {
    const before = await pages();
    const invalid = await gql(CREATE, {
      input: {
        name: "Bad",
        url: "x",
        themeColors: { ...themeColors, light: { ...palette("#FFF"), borderColor: "red" } },
      },
    });
    expect(invalid.body.data.createStatusPage).toEqual({
      __typename: "ValidationError",
      message: expect.stringContaining("url"),
      fieldPaths: ["url", "themeColors.light.borderColor"],
    });

    const other = await t.newAccount();
    const theirs = await service("Theirs", other.apiKey);
    const foreign = await gql(CREATE, {
      input: { name: "Bad", url: "bad-refs", cards: [{ name: "c", services: [{ id: theirs.id }] }] },
    });
    expect(foreign.body.data.createStatusPage).toEqual({
      __typename: "ValidationError",
      message: expect.any(String),
      fieldPaths: ["cards.0.services.0.id"],
    });

    await gql(CREATE, { input: { name: "Taken", url: "taken" } });
    const taken = await gql(CREATE, { input: { name: "Again", url: "taken" } }, other.apiKey);
    expect(taken.body.data.createStatusPage).toEqual({
      __typename: "ConflictError",
      message: 'url "taken" is already taken',
    });
    expect(await pages()).toBe(before + 1);
  });

  it("updates (cards replaced, a card kept by its id, omitted fields kept), round-trips node(id:), and deletes", async () => {
    const [a, b] = [await service("A"), await service("B")];
    const created = (
      await gql(CREATE, {
        input: { name: "P", url: "p-update", description: "kept", cards: [{ name: "One", services: [{ id: a.id }] }] },
      })
    ).body.data.createStatusPage.data;
    const card = created.cards[0];
    const updated = await gql(UPDATE, {
      id: created.id,
      input: {
        name: "P2",
        url: "p-update",
        cards: [{ name: "New" }, { id: card.id, name: "One renamed", services: [{ id: b.id }, { id: a.id }] }],
      },
    });
    expect(updated.body.data.updateStatusPage.data).toEqual({
      ...created,
      name: "P2",
      cards: [
        { id: expect.any(String), name: "New", services: [], createdAt: stamp, updatedAt: stamp },
        { id: card.id, name: "One renamed", services: [b, a], createdAt: card.createdAt, updatedAt: stamp },
      ],
      updatedAt: stamp,
    });

    const node = await gql(
      `query ($id: ID!) { node(id: $id) { __typename id ... on StatusPage { name description } } }`,
      { id: created.id },
    );
    expect(node.body.data.node).toEqual({ __typename: "StatusPage", id: created.id, name: "P2", description: "kept" });
    const serviceNode = await gql(
      `query ($id: ID!) { node(id: $id) { __typename id ... on Service { name createdAt updatedAt } } }`,
      { id: a.id },
    );
    expect(serviceNode.body.data.node).toEqual({
      __typename: "Service",
      id: a.id,
      name: "A",
      createdAt: stamp,
      updatedAt: stamp,
    });

    expect((await gql(DELETE, { id: created.id })).body.data.deleteStatusPage).toEqual({
      __typename: "DeleteStatusPageSuccess",
      data: { deletedId: created.id },
    });
    expect((await gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: created.id })).body.data.node).toBeNull();
    expect((await gql(DELETE, { id: created.id })).body.data.deleteStatusPage.__typename).toBe("NotFoundError");
  });

  it("shows keys masked only, and hides every object from another account", async () => {
    const page = (await gql(CREATE, { input: { name: "Keys", url: "keys-page" } })).body.data.createStatusPage.data;
    const raw = Buffer.from(page.id, "base64").toString().split(":")[1]!;
    await t.db.statusPageKey.create({
      data: { statusPageId: raw, keyHash: "hash-of-secret", maskedKey: "sp_****cret" },
    });
    const keys = await gql(
      `query ($id: ID!) { node(id: $id) { ... on StatusPage { keys { id maskedKey createdAt updatedAt } } } }`,
      { id: page.id },
    );
    expect(keys.body.data.node.keys).toEqual([
      { id: expect.any(String), maskedKey: "sp_****cret", createdAt: stamp, updatedAt: stamp },
    ]);

    const svc = await service("Mine");
    const other = await t.newAccount();
    const stranger = await gql(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { id } statusPages { edges { node { id } } } services { edges { node { id } } } }`,
      { ids: [page.id, svc.id] },
      other.apiKey,
    );
    expect(stranger.body.data).toEqual({ nodes: [null, null], statusPages: { edges: [] }, services: { edges: [] } });
    const theirUpdate = await gql(UPDATE, { id: page.id, input: { name: "Mine now", url: "keys-page" } }, other.apiKey);
    expect(theirUpdate.body.data.updateStatusPage.__typename).toBe("NotFoundError");
    const theirDelete = await gql(DELETE, { id: page.id }, other.apiKey);
    expect(theirDelete.body.data.deleteStatusPage.__typename).toBe("NotFoundError");
    const theirServiceUpdate = await gql(
      `mutation ($id: ID!) { updateService(id: $id, input: { name: "x" }) { __typename } }`,
      { id: svc.id },
      other.apiKey,
    );
    expect(theirServiceUpdate.body.data.updateService.__typename).toBe("NotFoundError");
    expect(
      (await gql(`query ($id: ID!) { node(id: $id) { ... on StatusPage { name } } }`, { id: page.id })).body.data.node
        .name,
    ).toBe("Keys");
  });
});
