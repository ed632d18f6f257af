// Issue 14: GET /v1/reporting answers from rollups: whole-window aggregates, calendar buckets in a
// named time zone across a daylight-saving change, presets at a fixed clock, filters, limits and
// tenant isolation.
import { describe, expect, it } from "vitest";
import { domainContext, systemContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { recordMissedHeartbeats } from "../../../src/domain/heartbeats/index.js";
import { getReporting } from "../../../src/domain/reporting/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck, createHeartbeatCheck } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const secs = (iso: string) => String(Date.parse(iso) / 1000);

describe(`REST reporting on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const record = (checkId: string, startedAt: string, responseTime: number, extra: Record<string, unknown> = {}) =>
    recordCheckResult({
      ctx: domainContext(t.app.context, t.accountId),
      input: { checkId, runLocation: "eu-west-1", startedAt, responseTime, ...extra },
    });

  it("aggregates a window of several days from daily and hourly rollups, as the raw results say", async () => {
    const check = await createCheck(t, { name: "Window", tags: ["window"] });
    const times: number[] = [];
    // Every 2 hours over four days, one in five failing.
    for (let i = 0; i < 48; i++) {
      const responseTime = 100 + ((i * 37) % 400);
      times.push(responseTime);
      await record(check.id, new Date(Date.UTC(2026, 0, 10, 1) + i * 2 * 3_600_000).toISOString(), responseTime, {
        hasFailures: i % 5 === 0,
      });
    }
    // An ATTEMPT and a cancelled run do not count.
    await record(check.id, "2026-01-11T05:00:00Z", 9_999, { resultType: "ATTEMPT", hasFailures: true });
    await record(check.id, "2026-01-11T05:00:00Z", 9_999, { isCancelled: true });
    const { status, body } = await api.get(
      `/v1/reporting?from=${secs("2026-01-10T00:00:00Z")}&to=${secs("2026-01-14T00:00:00Z")}&filterByTags=window`,
    );
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(0.95 * 47)]!;
    const p99 = sorted[Math.floor(0.99 * 47)]!;
    expect(body[0]).toMatchObject({
      name: "Window",
      checkId: check.id,
      checkType: "API",
      deactivated: false,
      tags: ["window"],
    });
    const aggregate = body[0].aggregate;
    expect(aggregate.successRatio).toBe(Math.round((38 / 48) * 100 * 10_000) / 10_000);
    expect(aggregate.avg).toBe(Math.round((times.reduce((s, x) => s + x, 0) / 48) * 100) / 100);
    expect(Math.abs(aggregate.p95 - p95)).toBeLessThanOrEqual(p95 * 0.01 + 0.01);
    expect(Math.abs(aggregate.p99 - p99)).toBeLessThanOrEqual(p99 * 0.01 + 0.01);
    expect(body[0].aggregates).toBeUndefined();

    // A window starting mid-day: the hours before the first whole day come from hourly rollups.
    const part = await api.get(
      `/v1/reporting?from=${secs("2026-01-12T13:00:00Z")}&to=${secs("2026-01-13T00:00:00Z")}&filterByTags=window`,
    );
    const inside = times.filter((_, i) => {
      const at = Date.UTC(2026, 0, 10, 1) + i * 2 * 3_600_000;
      return at >= Date.parse("2026-01-12T13:00:00Z") && at < Date.parse("2026-01-13T00:00:00Z");
    });
    expect(part.body[0].aggregate.avg).toBe(
      Math.round((inside.reduce((s, x) => s + x, 0) / inside.length) * 100) / 100,
    );
  });

  it("splits the window into local days across a daylight-saving change, leaving out days without runs", async () => {
    const check = await createCheck(t, { name: "DST", tags: ["dst"] });
    // America/New_York moves to EDT at 2026-03-08 02:00 local: that local day has 23 hours.
    await record(check.id, "2026-03-08T04:30:00Z", 100); // 7 March 23:30 EST
    await record(check.id, "2026-03-09T03:30:00Z", 200, { hasFailures: true }); // 8 March 23:30 EDT
    await record(check.id, "2026-03-09T04:30:00Z", 300); // 9 March 00:30 EDT
    await record(check.id, "2026-03-11T12:00:00Z", 400); // 11 March
    const { status, body } = await api.get(
      `/v1/reporting?from=2026-03-07T05:00:00Z&to=2026-03-12T04:00:00Z&granularity=day&timezone=America/New_York&filterByTags=dst`,
    );
    expect(status).toBe(200);
    expect(body[0].aggregate).toBeUndefined();
    expect(body[0].aggregates).toEqual([
      {
        from: "2026-03-07T05:00:00.000Z",
        to: "2026-03-08T05:00:00.000Z",
        successRatio: 100,
        avg: 100,
        p95: expect.any(Number),
        p99: expect.any(Number),
      },
      {
        from: "2026-03-08T05:00:00.000Z",
        to: "2026-03-09T04:00:00.000Z",
        successRatio: 0,
        avg: 200,
        p95: expect.any(Number),
        p99: expect.any(Number),
      },
      {
        from: "2026-03-09T04:00:00.000Z",
        to: "2026-03-10T04:00:00.000Z",
        successRatio: 100,
        avg: 300,
        p95: expect.any(Number),
        p99: expect.any(Number),
      },
      {
        from: "2026-03-11T04:00:00.000Z",
        to: "2026-03-12T04:00:00.000Z",
        successRatio: 100,
        avg: 400,
        p95: expect.any(Number),
        p99: expect.any(Number),
      },
    ]);
    expect(Math.abs(body[0].aggregates[1].p95 - 200)).toBeLessThanOrEqual(2);

    // Weeks (Monday to Monday, local), clamped to the window.
    const weeks = await api.get(
      `/v1/reporting?from=2026-03-07T05:00:00Z&to=2026-03-12T04:00:00Z&granularity=week&timezone=America/New_York&filterByTags=dst`,
    );
    expect(weeks.body[0].aggregates.map((a: { from: string; to: string }) => [a.from, a.to])).toEqual([
      ["2026-03-07T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
      ["2026-03-09T04:00:00.000Z", "2026-03-12T04:00:00.000Z"],
    ]);
    expect(weeks.body[0].aggregates[0].successRatio).toBe(50);
  });

  it("computes presets in the time zone at the clock's now", async () => {
    const check = await createCheck(t, { name: "Presets", tags: ["presets"] });
    await record(check.id, "2026-03-06T12:00:00Z", 100); // early March: only in lastMonth and last30Days
    await record(check.id, "2026-03-28T12:00:00Z", 200); // Saturday before the EU change (29 March)
    await record(check.id, "2026-03-30T12:00:00Z", 300); // Monday after it
    const report = (quickRange: string, timezone = "Europe/Berlin") =>
      getReporting({
        ctx: { ...domainContext(t.app.context, t.accountId), now: () => new Date("2026-04-01T10:00:00Z") },
        query: { quickRange, timezone, filterByTags: "presets" },
      }).then((r) => r[0]!.aggregate!);
    // thisWeek: from Monday 30 March 00:00 CEST (2026-03-29T22:00Z).
    expect((await report("thisWeek")).avg).toBe(300);
    // lastWeek: Monday 23 March 00:00 CET to Monday 30 March 00:00 CEST (167 hours).
    expect((await report("lastWeek")).avg).toBe(200);
    expect((await report("lastMonth")).avg).toBe(200);
    expect((await report("thisMonth")).successRatio).toBe(0);
    expect((await report("last7Days")).avg).toBe(250);
    expect((await report("last30Days")).avg).toBe(200);
    expect((await report("last24Hrs")).avg).toBe(0);
  });

  it("filters by activation and refuses bad parameters with a 400 naming them", async () => {
    const off = await createCheck(t, { name: "Off", activated: false, tags: ["activation"] });
    await createCheck(t, { name: "On", tags: ["activation"] });
    const only = await api.get("/v1/reporting?deactivated=true&filterByTags=activation");
    expect(only.body.map((r: { checkId: string }) => r.checkId)).toEqual([off.id]);
    expect(only.body[0].aggregate).toEqual({ successRatio: 0, avg: 0, p95: 0, p99: 0 });
    for (const [query, key] of [
      ["timezone=%2B05:00", "timezone"],
      ["quickRange=yesterday", "quickRange"],
      ["granularity=hour", "granularity"],
      ["from=2020-01-01&to=2026-01-01", "from"],
      ["from=2026-01-01&to=2025-01-01", "to"],
      ["from=2025-01-01&to=2026-01-01&granularity=day", "granularity"],
      ["limit=3", "limit"],
    ] as const) {
      const { status, body } = await api.get(`/v1/reporting?${query}`);
      expect(status, query).toBe(400);
      expect(body.validation, query).toEqual({ source: "query", keys: [key] });
    }
  });

  it("reports a heartbeat's availability from the same rollups, after its events are deleted too", async () => {
    const check = await createHeartbeatCheck(t, { tags: ["heartbeat-availability"] });
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.url}/ping/${check.pingToken}`)).status).toBe(200);
    // No ping for period + grace: the sweep writes a FAILING event, a failed run.
    expect(
      await recordMissedHeartbeats({ ctx: systemContext(t.app.context), now: new Date(Date.now() + 120_000) }),
    ).toBeTruthy();
    expect(await t.db.heartbeatEvent.count({ where: { checkId: check.id } })).toBe(4);
    await t.db.heartbeatEvent.deleteMany({ where: { checkId: check.id } });
    const window = `from=${Math.floor(Date.now() / 1000) - 3600}&to=${Math.floor(Date.now() / 1000) + 3600}`;
    const { body } = await api.get(`/v1/reporting?${window}&filterByTags=heartbeat-availability`);
    expect(body[0].aggregate).toEqual({ successRatio: 75, avg: 0, p95: 0, p99: 0 });
  });

  it("shows only the caller's checks", async () => {
    const other = await t.newAccount();
    const theirs = await createCheck(t, { name: "Theirs" }, other.accountId);
    await recordCheckResult({
      ctx: domainContext(t.app.context, other.accountId),
      input: { checkId: theirs.id, runLocation: "eu-west-1", responseTime: 5 },
    });
    const mine = await api.get("/v1/reporting");
    expect(mine.body.map((r: { checkId: string }) => r.checkId)).not.toContain(theirs.id);
    const { body } = await restClient(t.url, other.apiKey).get("/v1/reporting");
    expect(body.map((r: { checkId: string }) => r.checkId)).toEqual([theirs.id]);
    expect(body[0].aggregate.avg).toBe(5);
  });
});
