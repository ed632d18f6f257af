// Issue 14: key-less SVG status badges for checks and groups, cacheable, 404 for unknown ids.
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheckGroup, createCheckStatus, createCheck } from "../../support/index.js";

describe(`REST badges on ${testProvider}`, () => {
  const t = useTestApp();
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });
  const lastRunAt = new Date();

  it("shows passing, degraded, failing and unknown checks without a key", async () => {
    for (const [condition, expected, color] of [
      ["PASSING", "passing", "#2ecc71"],
      ["DEGRADED", "degraded", "#f39c12"],
      ["FAILING", "failing", "#e74c3c"],
    ] as const) {
      const check = await createCheck(t, { name: `Badge ${expected}` });
      await createCheckStatus(t, check, { condition, lastRunAt });
      const response = await get(`/v1/badges/checks/${check.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get("cache-control")).toBe("public, max-age=60");
      const svg = await response.text();
      expect(svg).toMatch(/^<svg/);
      expect(svg).toContain(`Badge ${expected}: ${expected}`);
      expect(svg).toContain(color);
    }
    const never = await createCheck(t, { name: "Never ran" });
    const svg = await (await get(`/v1/badges/checks/${never.id}`)).text();
    expect(svg).toContain("Never ran: unknown");
  });

  it("adds the last day's average response time, and applies style and theme", async () => {
    const check = await createCheck(t, { name: "Timed" });
    for (const responseTime of [100, 300])
      await recordCheckResult({
        ctx: domainContext(t.app.context, t.accountId),
        input: { checkId: check.id, runLocation: "eu-west-1", responseTime },
      });
    const svg = await (
      await get(`/v1/badges/checks/${check.id}?responseTime=true&style=for-the-badge&theme=dark`)
    ).text();
    // for-the-badge writes its text in capitals.
    expect(svg).toContain("TIMED: PASSING | 200 MS");
    expect(svg).toContain("#1f2937");
    const bad = await get(`/v1/badges/checks/${check.id}?style=round`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).validation).toEqual({ source: "query", keys: ["style"] });
  });

  it("answers If-None-Match with 304 while the badge is unchanged", async () => {
    const check = await createCheck(t, { name: "Cached" });
    const first = await get(`/v1/badges/checks/${check.id}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect((await get(`/v1/badges/checks/${check.id}`, { "if-none-match": etag })).status).toBe(304);
    await createCheckStatus(t, check, { condition: "FAILING", lastRunAt });
    expect((await get(`/v1/badges/checks/${check.id}`, { "if-none-match": etag })).status).toBe(200);
  });

  it("shows a group's worst status", async () => {
    const group = await createCheckGroup(t, { name: "Group badge" });
    const a = await createCheck(t, { name: "g1", groupId: group.id });
    const b = await createCheck(t, { name: "g2", groupId: group.id });
    expect(await (await get(`/v1/badges/groups/${group.id}`)).text()).toContain("status: unknown");
    await createCheckStatus(t, a, { condition: "PASSING", lastRunAt });
    await createCheckStatus(t, b, { condition: "DEGRADED", lastRunAt });
    expect(await (await get(`/v1/badges/groups/${group.id}`)).text()).toContain("status: degraded");
    expect(await (await get(`/v1/badges/groups/${group.id}?label=API%20%26%20web`)).text()).toContain(
      "API &amp; web: degraded",
    );
  });

  it("never shows a group's name: sequential ids would list every account's groups (issue 25)", async () => {
    const other = await t.newAccount();
    const group = await createCheckGroup(t, { name: "Project Nightjar" }, other.accountId);
    for (const query of ["", "?responseTime=true", "?style=social", "?label=status"]) {
      const svg = await (await get(`/v1/badges/groups/${group.id}${query}`)).text();
      expect(svg).not.toContain("Nightjar");
    }
    expect((await get(`/v1/badges/groups/${group.id}?label=${"x".repeat(65)}`)).status).toBe(400);
    expect((await get(`/v1/badges/groups/${group.id}?label=%01`)).status).toBe(400);
  });

  it("is a 404 with the error body for unknown or malformed ids", async () => {
    for (const path of [
      "/v1/badges/checks/6f1f3c56-8d7e-4b8e-9a51-3d0f7a1f2b11",
      "/v1/badges/checks/not-a-uuid",
      "/v1/badges/groups/999999",
      "/v1/badges/groups/abc",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    }
  });

  it("shows another account's check only by its uuid, and nothing beyond name and status", async () => {
    const other = await t.newAccount();
    const theirs = await createCheck(t, { name: "Theirs", tags: ["secret-tag"] }, other.accountId);
    const svg = await (await get(`/v1/badges/checks/${theirs.id}`)).text();
    expect(svg).toContain("Theirs: unknown");
    expect(svg).not.toContain("secret-tag");
    expect(svg).not.toContain(other.accountId);
  });
});
