import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheckStatus, createCheck } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const at = (iso: string) => new Date(iso);

describe(`REST check statuses on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;

  it("shows a check's stored status in the reference's shape, plus status and statusSince", async () => {
    const check = await createCheck(t, { name: "Failing API" });
    const row = await createCheckStatus(t, check, {
      condition: "FAILING",
      since: at("2026-03-01T10:00:00.000Z"),
      hasFailures: true,
      longestRun: 900,
      shortestRun: 12,
      lastRunLocation: "us-east-1",
      lastCheckRunId: 42,
      createdAt: at("2026-03-01T09:00:00.000Z"),
    });
    const { status, body } = await api.get(`/v1/check-statuses/${check.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      name: "Failing API",
      checkId: check.id,
      status: "failing",
      statusSince: "2026-03-01T10:00:00.000Z",
      hasFailures: true,
      hasErrors: false,
      isDegraded: false,
      longestRun: 900,
      shortestRun: 12,
      lastRunLocation: "us-east-1",
      lastCheckRunId: "42",
      sslDaysRemaining: null,
      created_at: "2026-03-01T09:00:00.000Z",
      updated_at: row.updatedAt.toISOString(),
    });
  });

  it("shows a check that never ran with the defaults of a passing one", async () => {
    const check = await createCheck(t, { name: "New", createdAt: at("2026-02-01T00:00:00.000Z") });
    const { status, body } = await api.get(`/v1/check-statuses/${check.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      name: "New",
      checkId: check.id,
      status: "passing",
      statusSince: null,
      hasFailures: false,
      hasErrors: false,
      isDegraded: false,
      longestRun: null,
      shortestRun: null,
      lastRunLocation: null,
      lastCheckRunId: null,
      sslDaysRemaining: null,
      created_at: "2026-02-01T00:00:00.000Z",
      updated_at: null,
    });
  });

  it("lists every check of the account, never-run ones included, and no other account's", async () => {
    const other = await t.newAccount("Statuses elsewhere");
    const theirs = await createCheck(t, { name: "Theirs" }, other.accountId);
    await createCheckStatus(t, theirs, { condition: "FAILING" });
    const { status, body } = await api.get("/v1/check-statuses");
    expect(status).toBe(200);
    const mine = await t.db.check.findMany({
      where: { accountId: t.accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(body.map((s: { checkId: string }) => s.checkId)).toEqual(mine.map((c) => c.id));
    expect(body.map((s: { name: string }) => s.name)).not.toContain("Theirs");
    const theirList = await restClient(t.url, other.apiKey).get("/v1/check-statuses");
    expect(theirList.body).toEqual([expect.objectContaining({ checkId: theirs.id, status: "failing" })]);
  });

  it("answers 404 for another account's check, an unknown one and a malformed id", async () => {
    const other = await t.newAccount("Status 404");
    const theirs = await createCheck(t, {}, other.accountId);
    await createCheckStatus(t, theirs);
    for (const id of [theirs.id, "6f1f0c8e-0000-4000-8000-000000000000", "nope"]) {
      const { status, body } = await api.get(`/v1/check-statuses/${id}`);
      expect(status).toBe(404);
      expect(body).toMatchObject({ statusCode: 404, error: "Not Found" });
    }
  });
});

describe(`REST GET /v1/checks?status= on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;

  it("filters by the current status in SQL, a never-run check counting as passing, with the other filters and paging", async () => {
    await createCheck(t, { name: "never", tags: ["a"] });
    const passing = await createCheck(t, { name: "passing", tags: ["a"] });
    const degraded = await createCheck(t, { name: "degraded", tags: ["a"] });
    const failing = await createCheck(t, { name: "failing", tags: ["b"] });
    await createCheckStatus(t, passing, { condition: "PASSING" });
    await createCheckStatus(t, degraded, { condition: "DEGRADED", isDegraded: true });
    await createCheckStatus(t, failing, { condition: "FAILING", hasFailures: true });
    const other = await t.newAccount("Filter elsewhere");
    await createCheckStatus(t, await createCheck(t, { name: "theirs" }, other.accountId), { condition: "FAILING" });

    const names = async (query: string) =>
      ((await api.get(`/v1/checks?${query}`)).body as { name: string }[]).map((c) => c.name).sort();
    expect(await names("status=passing")).toEqual(["never", "passing"]);
    expect(await names("status=degraded")).toEqual(["degraded"]);
    expect(await names("status=failing")).toEqual(["failing"]);
    expect(await names("status=passing&tag=a&search=nev")).toEqual(["never"]);
    expect(await names("status=failing&tag=a")).toEqual([]);
    expect(await names("status=passing&limit=1&page=2")).toHaveLength(1);
    expect(await names("status=passing&limit=1&page=3")).toEqual([]);

    const wrong = await api.get("/v1/checks?status=PASSING");
    expect(wrong.status).toBe(400);
    expect(wrong.body.validation).toEqual({ source: "query", keys: ["status"] });
  });
});
