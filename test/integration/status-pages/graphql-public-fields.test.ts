// Issue 29, "A visitor's public page is never emptied by an owner's field" (docs/decisions.md: a
// type a visitor reads keeps the owner's fields nullable). A generated client selects every field
// of StatusPage: the selection is built from introspection, so fields added later are covered.
import { beforeAll, describe, expect, it } from "vitest";
import { graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService } from "../../support/index.js";

type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
type Field = { name: string; args: { type: TypeRef }[]; type: TypeRef };
type FullType = { name: string; kind: string; fields: Field[] | null };

const REF = "kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }";
const INTROSPECTION = `{ __schema { types { name kind fields { name args { type { ${REF} } } type { ${REF} } } } } }`;
/** The fields a visitor may get null for, each with an UNAUTHENTICATED error of its own. */
const OWNER_FIELDS = ["customDomainToken", "customDomainVerified", "keys", "subscriptionConnection", "subscriptions"];

const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);

/** Every field of `typeName` without required arguments, objects down to `depth` levels (as a client's fragments). */
function selection(types: Map<string, FullType>, typeName: string, depth: number): string {
  const fields = types.get(typeName)?.fields ?? [];
  const parts = fields.flatMap((field) => {
    if (field.args.some((arg) => arg.type.kind === "NON_NULL")) return [];
    const type = types.get(named(field.type).name!)!;
    if (type.kind === "SCALAR" || type.kind === "ENUM") return [field.name];
    if (depth === 0) return [];
    if (type.kind === "UNION") return [`${field.name} { __typename }`];
    return [`${field.name} { ${selection(types, type.name, depth - 1)} }`];
  });
  return parts.length > 0 ? parts.join(" ") : "__typename";
}

describe(`a visitor's publicStatusPage with every field on ${testProvider}`, () => {
  const t = useTestApp();
  let query = "";
  const url = "every-field";

  beforeAll(async () => {
    const introspected = await t.gql(INTROSPECTION);
    const types = new Map((introspected.body.data.__schema.types as FullType[]).map((type) => [type.name, type]));
    query = `query ($url: String!) { publicStatusPage(url: $url) { ${selection(types, "StatusPage", 3)} } }`;
    const service = await createService(t.api, "Every field");
    const page = await t.api.post("/v1/status-pages", {
      name: "Every field",
      url,
      customDomain: "status.every-field.example",
      cards: [{ name: "Card", services: [{ id: service.id }] }],
    });
    expect(page.status, JSON.stringify(page.body)).toBe(201);
    expect((await t.api.post(`/v1/status-pages/${page.body.id}/keys`)).status).toBe(201);
    const incident = await t.api.post("/v1/status-pages/incidents", {
      name: "Slow",
      severity: "MINOR",
      services: [{ id: service.id }],
      incidentUpdates: [{ description: "Looking" }],
    });
    expect(incident.status, JSON.stringify(incident.body)).toBe(201);
  });

  it("gets the page, with errors on the owner's fields alone", async () => {
    for (const field of OWNER_FIELDS) expect(query).toMatch(new RegExp(`\\b${field}\\b`));
    const { body } = await graphql(t.url, query, {}, { url });
    const page = body.data.publicStatusPage;
    expect(page).toMatchObject({ name: "Every field", url, cards: [{ name: "Card" }] });
    expect(page.incidents.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(["Slow"]);
    const errors = (body.errors ?? []) as unknown as { path: string[]; extensions: { code: string } }[];
    expect(errors.map((e) => [e.path.join("."), e.extensions.code]).sort()).toEqual(
      OWNER_FIELDS.map((field) => [`publicStatusPage.${field}`, "UNAUTHENTICATED"]),
    );
    for (const field of OWNER_FIELDS) expect(page[field]).toBeNull();
  });

  it("gives the owner every field, the owner's included, without errors", async () => {
    const { body } = await t.gql(query, { url });
    expect(body.errors).toBeUndefined();
    expect(body.data.publicStatusPage).toMatchObject({
      customDomainVerified: false,
      customDomainToken: expect.stringMatching(/^vigil-verify=/),
      keys: [{ maskedKey: expect.any(String) }],
      subscriptions: [],
    });
  });
});
