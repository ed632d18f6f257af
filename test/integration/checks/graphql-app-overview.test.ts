import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { resultRecorder, createCheck } from "../../support/index.js";

const COUNTS = "{ checkCounts { total passing degraded failing paused } }";
// The fields a row of the app's checks list reads: their statements must not grow with the page.
const LIST_PAGE = `query ($first: Int) { checks(first: $first) { edges { node { id name activated
  status { status statusSince lastRunLocation }
  results(first: 10) { edges { node { hasFailures isDegraded responseTime startedAt } } }
  runStats(from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z") { successRatio p50 } } } } }`;

/** What the operator app's overview and checks list read, added to the schema for every client. */
describe(`GraphQL for the app's overview and checks list on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  /** A one-off maintenance window from `from` to `to` (ms). */
  const window = (name: string, from: number, to: number) =>
    t.api.post("/v1/maintenance-windows", {
      name,
      startsAt: new Date(from).toISOString(),
      endsAt: new Date(to).toISOString(),
      repeatUnit: "DAY",
    });
  let key: string;
  let accountId: string;
  let groupId: number;

  async function withCondition(name: string, condition: string | null, activated = true) {
    const check = await createCheck(t, { name, activated, groupId: name.startsWith("g-") ? groupId : null }, accountId);
    if (condition)
      await t.db.checkStatus.create({ data: { checkId: check.id, accountId, condition, since: new Date() } });
    return check;
  }

  beforeAll(async () => {
    const account = await t.newAccount("Overview");
    key = account.apiKey;
    accountId = account.accountId;
    groupId = (
      await t.db.checkGroup.create({
        data: { accountId, name: "Group", locations: [], tags: [], apiCheckDefaults: {} },
      })
    ).id;
    await withCondition("g-failing-1", "FAILING");
    await withCondition("failing-2", "FAILING");
    await withCondition("degraded", "DEGRADED");
    await withCondition("g-passing", "PASSING");
    await withCondition("never-ran", null);
    await withCondition("passing-2", "PASSING");
    await withCondition("paused-failing", "FAILING", false);
    await withCondition("g-paused", null, false);
    // Another account's failing check counts for that account alone.
    const other = await createCheck(t, { name: "theirs" });
    await t.db.checkStatus.create({ data: { checkId: other.id, accountId: t.accountId, condition: "FAILING" } });
  });

  it("counts the checks by state in a fixed number of statements, paused ones apart", async () => {
    const { body } = await t.gql(COUNTS, {}, key);
    expect(body.errors).toBeUndefined();
    expect(body.data.checkCounts).toEqual({ total: 8, passing: 3, degraded: 1, failing: 2, paused: 2 });
  });

  it("filters the checks by activated and by group, and refuses an id that is no group's kind", async () => {
    const names = async (args: string) =>
      (await t.gql(`{ checks(first: 50, ${args}) { edges { node { name } } } }`, {}, key)).body.data.checks.edges
        .map((e: any) => e.node.name)
        .sort();
    expect(await names("activated: false")).toEqual(["g-paused", "paused-failing"]);
    expect(await names(`groupId: "${groupId}"`)).toEqual(["g-failing-1", "g-passing", "g-paused"]);
    expect(await names(`groupId: "${groupId}", activated: true, status: FAILING`)).toEqual(["g-failing-1"]);
    expect(await names(`groupId: "999999"`)).toEqual([]);
    const wrong = await t.gql(`{ checks(groupId: "not-an-id") { edges { node { name } } } }`, {}, key);
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toBeNull();
    expect(wrong.body.errors?.[0]?.message).toMatch(/not of type: CheckGroup/);
  });

  it("reads a list page's rows in the same number of statements for 2 or 8 checks", async () => {
    const run = async (first: number) => {
      await t.gql("{ __typename }", {}, key);
      statements.length = 0;
      const { body } = await t.gql(LIST_PAGE, { first }, key);
      expect(body.errors).toBeUndefined();
      expect(body.data.checks.edges).toHaveLength(first);
      return statements.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(sql.trim())).length;
    };
    const few = await run(2);
    expect(await run(8)).toBe(few);
  });

  it("says whether a maintenance window is running now", async () => {
    const now = Date.now();
    expect((await window("now", now - 3_600_000, now + 3_600_000)).status).toBe(201);
    expect((await window("later", now + 7_200_000, now + 10_800_000)).status).toBe(201);
    const { body } = await t.gql("{ maintenanceWindows(first: 10) { edges { node { name activeNow } } } }");
    const shown = Object.fromEntries(
      body.data.maintenanceWindows.edges.map((e: any) => [e.node.name, e.node.activeNow]),
    );
    expect(shown).toEqual({ now: true, later: false });
  });

  it("lists the windows running now among all of the account's, not a first page of them", async () => {
    const now = Date.now();
    expect((await window("running", now - 3_600_000, now + 3_600_000)).status).toBe(201);
    // 105 newer windows, none running: a first page of 100 would not reach the running one.
    for (let i = 0; i < 105; i++)
      expect((await window(`later ${i}`, now + 7_200_000, now + 10_800_000)).status).toBe(201);
    const { body } = await t.gql("{ ongoingMaintenanceWindows(first: 5) { name } }");
    expect(body.errors).toBeUndefined();
    // The file's other test left its own running window ("now") in the same account.
    expect(body.data.ongoingMaintenanceWindows.map((w: { name: string }) => w.name).sort()).toEqual(["now", "running"]);
    for (const first of [0, 101]) {
      const refused = await t.gql(`{ ongoingMaintenanceWindows(first: ${first}) { name } }`);
      expect(refused.body.errors?.[0]).toMatchObject({
        message: "first must be between 1 and 100",
        extensions: { code: "BAD_USER_INPUT" },
      });
    }
  });

  it("shows each assertion's verdict and the value the run found", async () => {
    const check = await createCheck(t, { name: "asserted" });
    const assertion = { source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "200", regex: null };
    await resultRecorder(t)({
      checkId: check.id,
      runLocation: "eu-west-1",
      hasFailures: true,
      apiCheckResult: {
        assertions: [
          { ...assertion, actual: 500, passed: false },
          { ...assertion, source: "RESPONSE_TIME", comparison: "LESS_THAN", target: 1000, actual: 12, passed: true },
        ],
      },
    });
    const { body } = await t.gql(
      `query ($id: ID!) { checkResults(checkId: $id, first: 1) { edges { node { apiCheckResult {
        assertions { source property comparison target regex actual passed } } } } } }`,
      { id: check.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.checkResults.edges[0].node.apiCheckResult.assertions).toEqual([
      {
        source: "STATUS_CODE",
        property: "",
        comparison: "EQUALS",
        target: "200",
        regex: null,
        actual: "500",
        passed: false,
      },
      {
        source: "RESPONSE_TIME",
        property: "",
        comparison: "LESS_THAN",
        target: "1000",
        regex: null,
        actual: "12",
        passed: true,
      },
    ]);
  });

  it("names a status's check, so that a status event updates the check's row in a client's cache", async () => {
    const { body } = await t.gql(
      "{ checks(first: 5, status: FAILING, activated: true) { edges { node { id status { check { id name } } } } } }",
      {},
      key,
    );
    const edges = body.data.checks.edges;
    expect(edges.map((e: any) => e.node.status.check.name).sort()).toEqual(["failing-2", "g-failing-1"]);
    for (const { node } of edges) expect(node.status.check.id).toBe(node.id);
  });

  it("filters the checks by where they run: a data-center location or a private location's slug", async () => {
    const placed = await t.newAccount("Placed");
    await createCheck(t, { name: "eu", locations: ["eu-west-1"] }, placed.accountId);
    await createCheck(t, { name: "both", locations: ["us-east-1", "eu-west-1"] }, placed.accountId);
    await createCheck(t, { name: "us", locations: ["us-east-1"] }, placed.accountId);
    await createCheck(t, { name: "office", locations: [], privateLocations: ["office-1"] }, placed.accountId);
    const names = async (location: string) => {
      const { body } = await t.gql(
        "query ($l: String) { checks(first: 50, location: $l) { edges { node { name } } } }",
        { l: location },
        placed.apiKey,
      );
      return body.data.checks.edges.map((e: any) => e.node.name).sort();
    };
    expect(await names("eu-west-1")).toEqual(["both", "eu"]);
    expect(await names("office-1")).toEqual(["office"]);
    expect(await names("office")).toEqual([]);
    const bad = await t.gql('{ checks(location: "eu%") { edges { node { name } } } }', {}, placed.apiKey);
    expect(bad.status).toBe(200);
    expect(bad.body.errors?.[0]?.message).toMatch(/location is not/);
  });
});
