// Issue 29, the rest of the reference: GET /v2/checks, /v2/checks/{id}, /v2/check-groups/{id}/checks
// and /{v1,v2}/check-groups/{groupId}/checks/{checkId}. v2 drops v1's flat project fields, which v1
// here never had: each answer is the v1 one, read against the reference's schema of the check type.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

type Schema = { properties: Record<string, unknown>; required?: string[] };
const reference = JSON.parse(readFileSync("docs/reference/checkly-openapi-subset.json", "utf8")) as {
  components: { schemas: Record<string, Schema> };
};
/** The reference's v2 response schema and v1 create schema of each check type the test makes. */
const SCHEMAS: Record<string, [response: string, create: string]> = {
  API: ["ChecksV2ApiCheck", "ChecksV1ApiCheckCreate"],
  HEARTBEAT: ["ChecksV2HeartbeatCheck", "ChecksV1HeartbeatCheckCreate"],
};

/**
 * Each property is one the reference's v2 schema of its type knows, or one its create accepts (a
 * check here shows every property it can be written with, as in v1); the required ones are
 * present; v1's flat project fields are absent.
 */
function expectV2Shape(check: Record<string, unknown>) {
  const [response, create] = SCHEMAS[check.checkType as string]!.map((name) => reference.components.schemas[name]!);
  const known = new Set([...Object.keys(response!.properties), ...Object.keys(create!.properties)]);
  expect([check.checkType, Object.keys(check).filter((key) => !known.has(key))]).toEqual([check.checkType, []]);
  for (const key of response!.required ?? []) expect(check).toHaveProperty(key);
  for (const key of ["project", "logicalId", "member", "pending"]) expect(check).not.toHaveProperty(key);
}

describe(`v2 checks and a group's check on ${testProvider}`, () => {
  const t = useTestApp();
  const ids = { group: 0, otherGroup: 0, grouped: "", loose: "", heartbeat: "" };
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await t.api.post(path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string & number };
  };

  beforeAll(async () => {
    ids.group = (await post("/v1/check-groups", { name: "G", locations: ["eu-west-1"] })).id;
    ids.otherGroup = (await post("/v1/check-groups", { name: "H", locations: ["eu-west-1"] })).id;
    const api = { locations: ["eu-west-1"], request: { method: "GET", url: "https://example.com/v2" } };
    ids.grouped = (await post("/v1/checks/api", { ...api, name: "grouped", groupId: ids.group })).id;
    ids.loose = (await post("/v1/checks/api", { ...api, name: "loose", tags: ["v2"] })).id;
    ids.heartbeat = (
      await post("/v1/checks/heartbeat", {
        name: "beat",
        heartbeat: { period: 1, periodUnit: "hours", grace: 1, graceUnit: "hours" },
      })
    ).id;
  });

  it("GET /v2/checks and /v2/checks/{id} answer v1's checks in the reference's v2 shapes", async () => {
    for (const query of ["", "?limit=2&page=2", "?tag=v2", "?checkType=HEARTBEAT", "?search=GROUP"]) {
      const [v1, v2] = [await t.api.get(`/v1/checks${query}`), await t.api.get(`/v2/checks${query}`)];
      expect([query, v2.status]).toEqual([query, 200]);
      expect(v2.body).toEqual(v1.body);
    }
    const all = (await t.api.get("/v2/checks?limit=100")).body as Record<string, unknown>[];
    expect(all.map((c) => c.id).sort()).toEqual([ids.grouped, ids.loose, ids.heartbeat].sort());
    all.forEach(expectV2Shape);
    for (const id of [ids.grouped, ids.heartbeat]) {
      const one = await t.api.get(`/v2/checks/${id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual((await t.api.get(`/v1/checks/${id}`)).body);
      expectV2Shape(one.body);
    }
  });

  it("GET /{v1,v2}/check-groups/{groupId}/checks/{checkId} and /v2/check-groups/{id}/checks answer the group's checks", async () => {
    const stored = (await t.api.get(`/v1/checks/${ids.grouped}`)).body;
    for (const version of ["v1", "v2"]) {
      const one = await t.api.get(`/${version}/check-groups/${ids.group}/checks/${ids.grouped}`);
      expect([version, one.status]).toEqual([version, 200]);
      expect(one.body).toEqual(stored);
      expectV2Shape(one.body);
      // A check outside the group, or in another group, is not the group's.
      for (const [group, check] of [
        [ids.group, ids.loose],
        [ids.otherGroup, ids.grouped],
      ])
        expect((await t.api.get(`/${version}/check-groups/${group}/checks/${check}`)).status).toBe(404);
    }
    const list = await t.api.get(`/v2/check-groups/${ids.group}/checks`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual((await t.api.get(`/v1/check-groups/${ids.group}/checks`)).body);
    expect(list.body).toEqual([stored]);
    expect((await t.api.get(`/v2/check-groups/${ids.otherGroup}/checks`)).body).toEqual([]);
  });

  it("shows a group's check with the group's settings applied, and leaves it stored as it was", async () => {
    const group = await post("/v1/check-groups", {
      name: "Settings",
      locations: ["us-east-1"],
      muted: true,
      apiCheckDefaults: { url: "https://api.example.com", headers: [{ key: "X-Group", value: "1" }] },
    });
    const check = await post("/v1/checks/api", {
      name: "under defaults",
      locations: ["eu-west-1"],
      groupId: group.id,
      request: { method: "GET", url: "{{GROUP_BASE_URL}}/health", headers: [{ key: "X-Own", value: "2" }] },
    });
    const stored = (await t.api.get(`/v1/checks/${check.id}`)).body;
    expect(stored).toMatchObject({
      muted: false,
      locations: ["eu-west-1"],
      request: { url: "{{GROUP_BASE_URL}}/health" },
    });
    const applied = {
      ...stored,
      muted: true,
      locations: ["us-east-1"],
      request: {
        ...stored.request,
        url: "https://api.example.com/health",
        headers: [{ key: "X-Group", value: "1", locked: false }, ...stored.request.headers],
      },
    };
    for (const version of ["v1", "v2"]) {
      expect((await t.api.get(`/${version}/check-groups/${group.id}/checks/${check.id}`)).body).toEqual(applied);
      expect((await t.api.get(`/${version}/check-groups/${group.id}/checks`)).body).toEqual([applied]);
    }
    expect((await t.api.get(`/v2/checks/${check.id}`)).body).toEqual(stored);
    // The reference's applyGroupSettings on the checks' own reads (v1 and v2); includeDependencies changes nothing.
    for (const version of ["v1", "v2"]) {
      const one = await t.api.get(`/${version}/checks/${check.id}?applyGroupSettings=true&includeDependencies=true`);
      expect([version, one.body]).toEqual([version, applied]);
      const listed = await t.api.get(`/${version}/checks?applyGroupSettings=true&search=under%20defaults`);
      expect([version, listed.body]).toEqual([version, [applied]]);
      expect((await t.api.get(`/${version}/checks?applyGroupSettings=false&search=under%20defaults`)).body).toEqual([
        stored,
      ]);
    }
    const loose = (await t.api.get(`/v2/checks/${ids.loose}`)).body;
    expect((await t.api.get(`/v2/checks/${ids.loose}?applyGroupSettings=true`)).body).toEqual(loose);
  });

  it("another account's checks and groups are a 404 on every one of them", async () => {
    const other = await t.newAccount();
    const api = restClient(t.url, other.apiKey);
    const theirGroup = (await api.post("/v1/check-groups", { name: "Theirs", locations: ["eu-west-1"] })).body.id;
    for (const path of [
      `/v2/checks/${ids.grouped}`,
      `/v2/check-groups/${ids.group}/checks`,
      `/v1/check-groups/${ids.group}/checks/${ids.grouped}`,
      `/v2/check-groups/${ids.group}/checks/${ids.grouped}`,
      // Their own group, our check.
      `/v1/check-groups/${theirGroup}/checks/${ids.grouped}`,
      `/v2/check-groups/${theirGroup}/checks/${ids.grouped}`,
    ])
      expect([path, (await api.get(path)).status]).toEqual([path, 404]);
    expect((await api.get("/v2/checks")).body).toEqual([]);
    for (const path of ["/v2/check-groups/abc/checks", `/v2/check-groups/${ids.group}/checks/not-a-uuid`])
      expect([path, (await t.api.get(path)).status]).toEqual([path, 404]);
  });

  it("refuses bad query values with a 400 naming the parameter", async () => {
    const bad: [path: string, key: string][] = [
      ["/v2/checks?limit=101", "limit"],
      ["/v2/checks?checkType=NOPE", "checkType"],
      ["/v2/checks?page=0", "page"],
      ["/v2/checks?status=late", "status"],
      [`/v2/check-groups/${ids.group}/checks?limit=0`, "limit"],
      [`/v2/checks/${ids.grouped}?limit=1`, "limit"],
      [`/v2/checks/${ids.grouped}?applyGroupSettings=maybe`, "applyGroupSettings"],
      ["/v2/checks?applyGroupSettings=1", "applyGroupSettings"],
      [`/v1/checks/${ids.grouped}?includeDependencies=yes`, "includeDependencies"],
      [`/v2/check-groups/${ids.group}/checks/${ids.grouped}?page=1`, "page"],
    ];
    for (const [path, key] of bad) {
      const response = await t.api.get(path);
      expect([path, response.status, response.body.validation?.keys]).toEqual([path, 400, [key]]);
    }
  });
});
