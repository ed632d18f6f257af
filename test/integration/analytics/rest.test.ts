// GET /v1/analytics/api-checks/{id} and GET /v1/analytics/metrics (issue 29): figures computed here
// from the results the test records (through the engine's own verb, so rollups are written too).
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const unix = (ms: number) => String(ms / 1000);

type Made = {
  at: number;
  location: string;
  status: number | null;
  failed: boolean;
  attempts: number;
  rt: number;
  dns: number;
};

describe(`REST analytics on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const newCheck = checkFactory(t, { name: "Orders API", tags: ["shop"], frequency: 5 });
  const record = resultRecorder(t);
  /** A whole hour five hours ago: the window is [H - 30 min, H + 2 h 30 min). */
  const H = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;
  const window = `from=${unix(H - 30 * MINUTE)}&to=${unix(H + 150 * MINUTE)}`;
  // Offsets from H in minutes: two outside the window, partial hours at both edges (read raw),
  // two whole hours (read from rollups), two locations, two failures with retries, one without a response.
  const plan: [number, string, number | null, number, number, number][] = [
    [-40, "eu-west-1", 200, 0, 100, 5], // before the window
    [-20, "eu-west-1", 200, 0, 110, 6],
    [5, "eu-west-1", 200, 0, 120, 7],
    [15, "us-east-1", 500, 2, 300, 9],
    [25, "eu-west-1", 200, 0, 140, 8],
    [70, "us-east-1", 200, 0, 90, 3],
    [80, "eu-west-1", null, 1, 5000, 0], // no response: no timing phases
    [130, "eu-west-1", 200, 0, 150, 10],
    [160, "eu-west-1", 200, 0, 160, 11], // after the window
  ];
  const made: Made[] = plan.map(([m, location, status, attempts, rt, dns]) => ({
    at: H + m * MINUTE,
    location,
    status,
    failed: status !== 200,
    attempts,
    rt,
    dns,
  }));
  const inWindow = made.filter((r) => r.at >= H - 30 * MINUTE && r.at < H + 150 * MINUTE);

  async function seeded() {
    const check = await newCheck();
    for (const r of made)
      await record({
        checkId: check.id,
        runLocation: r.location,
        hasFailures: r.failed,
        startedAt: new Date(r.at).toISOString(),
        stoppedAt: new Date(r.at + r.rt).toISOString(),
        responseTime: r.rt,
        attempts: r.attempts,
        apiCheckResult: {
          assertions: [],
          requestError: r.status === null ? "connect ECONNREFUSED" : null,
          ...(r.status === null
            ? {}
            : {
                response: {
                  status: r.status,
                  statusText: "",
                  body: "",
                  headers: {},
                  timingPhases: { dns: r.dns, tcp: 2, tls: 0, firstByte: r.rt - r.dns - 10, download: 3, total: r.rt },
                },
              }),
        },
      });
    return check;
  }

  /** Exact figures of `rs` (percentiles are checked within the sketch's 1% apart). */
  const figures = (rs: Made[]) => {
    const rts = rs.map((r) => r.rt);
    const sum = rts.reduce((a, b) => a + b, 0);
    const mean = sum / rts.length;
    const phased = rs.filter((r) => r.status !== null);
    return {
      availability: Math.round((rs.filter((r) => !r.failed).length / rs.length) * 100 * 10_000) / 10_000,
      retries: rs.reduce((a, r) => a + r.attempts, 0),
      responseTime_avg: mean,
      responseTime_min: Math.min(...rts),
      responseTime_max: Math.max(...rts),
      responseTime_sum: sum,
      responseTime_stddev: expect.closeTo(Math.sqrt(rts.reduce((a, v) => a + (v - mean) ** 2, 0) / rts.length), 6),
      dns_max: phased.length ? Math.max(...phased.map((r) => r.dns)) : null,
      // total - dns - tcp - tls - firstByte - download = 5 ms for every result with a response.
      wait_sum: phased.length ? 5 * phased.length : null,
    };
  };
  const metrics =
    "availability,retries,responseTime_avg,responseTime_min,responseTime_max,responseTime_sum,responseTime_stddev,dns_max,wait_sum";
  const p95 = (rs: Made[]) => {
    const sorted = rs.map((r) => r.rt).sort((a, b) => a - b);
    return sorted[Math.floor(0.95 * (sorted.length - 1))]!;
  };

  it("answers hourly buckets over whole hours (rollups) and partial ones (raw results), with the check's fields", async () => {
    const check = await seeded();
    const response = await api.get(
      `/v1/analytics/api-checks/${check.id}?${window}&aggregationInterval=60&metrics=${metrics}&metrics=responseTime_p95`,
    );
    expect(response.status).toBe(200);
    const bucket = (start: number, end: number) => inWindow.filter((r) => r.at >= start && r.at < end);
    const starts = [H - 30 * MINUTE, H, H + HOUR, H + 2 * HOUR];
    const ends = [H, H + HOUR, H + 2 * HOUR, H + 150 * MINUTE];
    expect(response.body).toEqual({
      checkId: check.id,
      name: "Orders API",
      checkType: "API",
      activated: true,
      muted: false,
      frequency: 5,
      from: new Date(H - 30 * MINUTE).toISOString(),
      to: new Date(H + 150 * MINUTE).toISOString(),
      tags: ["shop"],
      series: [
        {
          data: starts.map((start, i) => ({
            timestamp: new Date(start).toISOString(),
            ...figures(bucket(start, ends[i]!)),
            responseTime_p95: expect.closeTo(p95(bucket(start, ends[i]!)), -1),
          })),
        },
      ],
      pagination: { page: 1, limit: 10 },
      metadata: expect.objectContaining({
        availability: { unit: "percentage", label: "Availability", aggregation: "avg" },
        responseTime_p95: { unit: "milliseconds", label: "Response time (p95)", aggregation: "p95" },
      }),
    });
    expect(Object.keys(response.body.metadata)).toHaveLength(10);
    for (const [i, row] of response.body.series[0].data.entries())
      expect(Math.abs(row.responseTime_p95 - p95(bucket(starts[i]!, ends[i]!)))).toBeLessThanOrEqual(
        0.01 * p95(bucket(starts[i]!, ends[i]!)),
      );
  });

  it("answers one row over the window without an interval, and a series per location or status code", async () => {
    const check = await seeded();
    const whole = await api.get(`/v1/analytics/api-checks/${check.id}?${window}&metrics=${metrics}`);
    expect(whole.status).toBe(200);
    expect(whole.body.series).toEqual([{ data: figures(inWindow) }]);

    const byLocation = await api.get(
      `/v1/analytics/api-checks/${check.id}?${window}&metrics=${metrics}&groupBy=runLocation`,
    );
    expect(byLocation.body.series).toEqual(
      ["eu-west-1", "us-east-1"].map((location) => ({
        runLocation: location,
        data: figures(inWindow.filter((r) => r.location === location)),
      })),
    );

    // Failures only, by status code, in 30-minute buckets: raw results (the rollups keep neither).
    const failures = await api.get(
      `/v1/analytics/api-checks/${check.id}?${window}&metrics=availability,retries&groupBy=statusCode&filterByStatus=failure&aggregationInterval=30`,
    );
    expect(failures.body.series).toEqual([
      { statusCode: 500, data: [{ timestamp: new Date(H).toISOString(), availability: 0, retries: 2 }] },
      { statusCode: null, data: [{ timestamp: new Date(H + 60 * MINUTE).toISOString(), availability: 0, retries: 1 }] },
    ]);
  });

  it("answers each result for per-result metrics, oldest first, a page at a time", async () => {
    const check = await seeded();
    const page = await api.get(
      `/v1/analytics/api-checks/${check.id}?${window}&metrics=responseTime,dns&limit=2&page=2`,
    );
    expect(page.status).toBe(200);
    const ids = (await t.db.checkResult.findMany({ where: { checkId: check.id }, orderBy: { startedAt: "asc" } })).map(
      (r) => r.id,
    );
    // The window's results are the 2nd to the 8th made: page 2 of 2 holds the 4th and 5th.
    expect(page.body.series).toEqual([
      {
        data: [3, 4].map((i) => ({
          checkResultId: ids[i],
          startedAt: new Date(made[i]!.at).toISOString(),
          runLocation: made[i]!.location,
          responseTime: made[i]!.rt,
          dns: made[i]!.dns,
        })),
      },
    ]);
    expect(page.body.pagination).toEqual({ page: 2, limit: 2 });
    expect(page.body.metadata).toEqual({
      responseTime: { unit: "milliseconds", label: "Response time" },
      dns: { unit: "milliseconds", label: "DNS" },
    });
    const none = await api.get(`/v1/analytics/api-checks/${check.id}?${window}&metrics=dns&filterByStatus=failure`);
    expect(none.body.series.flatMap((s: { data: { dns: unknown }[] }) => s.data.map((d) => d.dns))).toEqual([9, null]);
  });

  it("lists the metrics of a check type", async () => {
    const all = await api.get("/v1/analytics/metrics?checkType=API");
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(68);
    expect(all.body[0]).toEqual({
      name: "responseTime",
      unit: "milliseconds",
      label: "Response time",
      type: "Float",
      aggregated: false,
    });
    expect(all.body).toContainEqual({
      name: "retries",
      unit: "count",
      label: "Retries",
      type: "Int",
      aggregated: true,
    });
    expect(all.body).toContainEqual({
      name: "dns_p99",
      unit: "milliseconds",
      label: "DNS (p99)",
      type: "Float",
      aggregated: true,
    });
    expect((await api.get("/v1/analytics/metrics?checkType=HEARTBEAT")).body).toEqual([
      { name: "availability", unit: "percentage", label: "Availability", type: "Float", aggregated: true },
    ]);
    const missing = await api.get("/v1/analytics/metrics");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ validation: { source: "query", keys: ["checkType"] } });
  });

  it("keeps accounts apart: another account's check, a heartbeat and a malformed id are 404", async () => {
    const check = await seeded();
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    expect((await stranger.get(`/v1/analytics/api-checks/${check.id}?metrics=availability`)).status).toBe(404);
    const heartbeat = await newCheck({ checkType: "HEARTBEAT" });
    expect((await api.get(`/v1/analytics/api-checks/${heartbeat.id}?metrics=availability`)).status).toBe(404);
    expect((await api.get("/v1/analytics/api-checks/nope?metrics=availability")).status).toBe(404);
  });

  it.each([
    ["", ["metrics"]],
    ["metrics=speed", ["metrics"]],
    ["metrics=dns,dns_avg", ["metrics"]],
    ["metrics=dns_avg&aggregationInterval=0", ["aggregationInterval"]],
    ["metrics=dns_avg&aggregationInterval=1&quickRange=last30Days", ["aggregationInterval"]],
    ["metrics=dns_avg&groupBy=check", ["groupBy"]],
    ["metrics=dns_avg&quickRange=today", ["quickRange"]],
    ["metrics=dns_avg&filterByStatus=late", ["filterByStatus"]],
    ["metrics=dns_avg&from=2000&to=1000", ["to"]],
    ["metrics=dns_avg&limit=101", ["limit"]],
    ["metrics=dns_avg&sort=asc", ["sort"]],
  ])("refuses the query %s naming %o", async (query, keys) => {
    const check = await newCheck();
    const response = await api.get(`/v1/analytics/api-checks/${check.id}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, validation: { source: "query", keys } });
  });
});
