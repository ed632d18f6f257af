import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { restClient } from "../../support/rest.js";

const MOVE = `mutation ($ids: [ID!]!, $groupId: ID) { updateChecks(ids: $ids, input: { groupId: $groupId }) {
  __typename ... on UpdateChecksSuccess { data { name group { name } inheritedSettings } }
  ... on Error { message } ... on ValidationError { fieldPaths } } }`;

/** The app's bulk move of checks into and out of a group, and what each check then inherits. */
describe(`GraphQL bulk move into check groups on ${testProvider}`, () => {
  const t = useTestApp();
  const groupsOf = async (ids: string[]) =>
    (await t.db.check.findMany({ where: { id: { in: ids } }, orderBy: { name: "asc" } })).map((c) => c.groupId);

  it("moves checks into a group by its global id, shows what they inherit, and takes them out with null", async () => {
    const group = await t.api.post("/v1/check-groups", {
      name: "Payments",
      locations: ["eu-central-1"],
      muted: true,
      useGlobalAlertSettings: false,
      apiCheckDefaults: { url: "https://pay.example" },
      environmentVariables: [{ key: "TOKEN", value: "x" }],
    });
    expect(group.status).toBe(201);
    const api = await createCheck(t, { name: "a-api", retryStrategy: "FALLBACK" });
    const tcp = await createCheck(t, { name: "b-tcp", checkType: "TCP" });
    const ids = [globalId("ApiCheck", api.id), tcp.id];
    const moved = await t.gql(MOVE, { ids, groupId: globalId("CheckGroup", group.body.id) });
    expect(moved.body.data.updateChecks.data).toEqual([
      {
        name: "a-api",
        group: { name: "Payments" },
        inheritedSettings: [
          "LOCATIONS",
          "RETRY_STRATEGY",
          "ALERT_SETTINGS",
          "ENVIRONMENT_VARIABLES",
          "API_DEFAULTS",
          "MUTED",
        ],
      },
      {
        name: "b-tcp",
        group: { name: "Payments" },
        inheritedSettings: ["LOCATIONS", "ALERT_SETTINGS", "ENVIRONMENT_VARIABLES", "MUTED"],
      },
    ]);
    expect(await groupsOf([api.id, tcp.id])).toEqual([group.body.id, group.body.id]);

    const out = await t.gql(MOVE, { ids: [tcp.id], groupId: null });
    expect(out.body.data.updateChecks.data).toEqual([{ name: "b-tcp", group: null, inheritedSettings: [] }]);
    expect(await groupsOf([api.id, tcp.id])).toEqual([group.body.id, null]);
  });

  it("refuses another account's group or a malformed id, and moves nothing", async () => {
    const mine = await createCheck(t, { name: "mine" });
    const other = await t.newAccount();
    const theirs = await restClient(t.url, other.apiKey).post("/v1/check-groups", { name: "Theirs" });
    const refused = await t.gql(MOVE, { ids: [mine.id], groupId: String(theirs.body.id) });
    expect(refused.body.data.updateChecks).toMatchObject({ __typename: "ValidationError", fieldPaths: ["groupId"] });
    const wrongType = await t.gql(MOVE, { ids: [mine.id], groupId: globalId("ApiCheck", mine.id) });
    expect(wrongType.body.errors?.[0]?.message ?? wrongType.body.data?.updateChecks?.message).toMatch(/not of type/);
    expect(await groupsOf([mine.id])).toEqual([null]);
  });
});
