import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { VigilEvent } from "../../../src/events/bus.js";
import { startTestApp, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createHeartbeatCheck, createHeartbeatEvent, HEARTBEAT as heartbeat } from "../../support/index.js";
import { restClient, type RestClient } from "../../support/rest.js";

/** A request with exactly these headers (fetch would add its own User-Agent). */
function bareRequest(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe(`heartbeat pings on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let anonymous: RestClient;
  const db = () => t.db;

  async function heartbeatCheck(
    config: Record<string, string | number> = heartbeat,
    checkType = "HEARTBEAT",
    accountId = t.accountId,
  ) {
    const check = await createHeartbeatCheck(t, { checkType, name: "nightly backup", heartbeat: config }, accountId);
    return { checkId: check.id, pingToken: check.pingToken! };
  }
  const events = (checkId: string) =>
    db().heartbeatEvent.findMany({ where: { checkId }, orderBy: { timestamp: "desc" } });
  const previous = (checkId: string, state: string, msAgo: number) =>
    createHeartbeatEvent(t, checkId, { state, timestamp: new Date(Date.now() - msAgo) });

  beforeAll(async () => {
    anonymous = restClient(t.url, null);
  });

  it("records a first ping as RECEIVED without an API key, readable through the events API", async () => {
    const { checkId, pingToken } = await heartbeatCheck();
    const published: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => published.push(event));
    const before = Date.now();
    const response = await anonymous.raw("GET", `/ping/${pingToken}`, {
      headers: {
        origin: "https://ci.example.com",
        referer: "https://ignored.example.com/x",
        "user-agent": "curl/8.5.0",
      },
    });
    unsubscribe();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    const [row, ...rest] = await events(checkId);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      accountId: t.accountId,
      state: "RECEIVED",
      source: "https://ci.example.com",
      userAgent: "curl/8.5.0",
    });
    expect(row!.timestamp.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(row!.timestamp.getTime()).toBeLessThanOrEqual(Date.now() + 5);
    expect(published.filter((e) => e.type === "heartbeatEventRecorded")).toEqual([
      { type: "heartbeatEventRecorded", accountId: t.accountId, checkId, eventId: row!.id, state: "RECEIVED" },
    ]);
    const listed = await api.get(`/v1/checks/heartbeats/${checkId}/events`);
    expect(listed.body[0].events).toEqual([
      {
        id: row!.id,
        state: "RECEIVED",
        timestamp: row!.timestamp.toISOString(),
        source: "https://ci.example.com",
        userAgent: "curl/8.5.0",
      },
    ]);
  });

  it("accepts POST with no body or a JSON body, and HEAD (curl -I), ignoring any Authorization header", async () => {
    const { checkId, pingToken } = await heartbeatCheck();
    expect((await anonymous.post(`/ping/${pingToken}`)).status).toBe(200);
    expect((await anonymous.post(`/ping/${pingToken}`, { status: "done", rows: 3 })).status).toBe(200);
    const withBadKey = await anonymous.raw("POST", `/ping/${pingToken}`, {
      headers: { authorization: "Bearer not-a-key" },
    });
    expect(withBadKey.status).toBe(200);
    expect((await anonymous.raw("HEAD", `/ping/${pingToken}`)).status).toBe(200);
    // Pings in quick succession are within the period.
    expect((await events(checkId)).map((e) => e.state)).toEqual(["RECEIVED", "RECEIVED", "RECEIVED", "RECEIVED"]);
  });

  it("accepts a POST with a body of any type (curl -d, forms, plain text) and ignores it", async () => {
    const { checkId, pingToken } = await heartbeatCheck();
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "status=ok"],
      ["text/plain", "backup finished"],
      ["application/octet-stream", "\u0000\u0001"],
    ]) {
      const response = await anonymous.raw("POST", `/ping/${pingToken}`, { body, headers: { "content-type": type! } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    }
    expect(await events(checkId)).toHaveLength(3);
  });

  it("takes source from Origin, else Referer, else null; userAgent from User-Agent, else null", async () => {
    const { checkId, pingToken } = await heartbeatCheck();
    const cases: [Record<string, string>, string | null, string | null][] = [
      [{ referer: "https://jobs.example.com/run/7", "user-agent": "cron" }, "https://jobs.example.com/run/7", "cron"],
      [{ origin: "https://a.example.com", referer: "https://b.example.com" }, "https://a.example.com", null],
      [{}, null, null],
    ];
    for (const [headers, source, userAgent] of cases) {
      expect((await bareRequest(t.url, "GET", `/ping/${pingToken}`, headers)).status).toBe(200);
      const [latest] = await events(checkId);
      expect({ source: latest!.source, userAgent: latest!.userAgent }).toEqual({ source, userAgent });
    }
  });

  it.each([
    ["within the period", "RECEIVED", 10_000, "RECEIVED", heartbeat],
    ["within the grace time", "RECEIVED", 75_000, "GRACE", heartbeat],
    ["after the grace time", "RECEIVED", 120_000, "LATE", heartbeat],
    ["after a GRACE ping, measured from it", "GRACE", 20_000, "RECEIVED", heartbeat],
    ["after a FAILING event (recovery)", "FAILING", 3_600_000, "RECEIVED", heartbeat],
    ["before a configured minimum", "RECEIVED", 5_000, "EARLY", { ...heartbeat, minimum: 30, minimumUnit: "seconds" }],
    [
      "after a configured minimum",
      "RECEIVED",
      40_000,
      "RECEIVED",
      { ...heartbeat, minimum: 30, minimumUnit: "seconds" },
    ],
    [
      "in minutes units, within the grace time",
      "RECEIVED",
      150_000,
      "GRACE",
      { period: 2, periodUnit: "minutes", grace: 1, graceUnit: "minutes" },
    ],
  ])("a ping %s (previous %s, %i ms ago) is %s", async (_label, previousState, msAgo, expected, config) => {
    const { checkId, pingToken } = await heartbeatCheck(config);
    await previous(checkId, previousState, msAgo);
    expect((await anonymous.get(`/ping/${pingToken}`)).status).toBe(200);
    const [latest] = await events(checkId);
    expect(latest!.state).toBe(expected);
    const listed = await api.get(`/v1/checks/heartbeats/${checkId}/events?limit=1`);
    expect(listed.body[0].events[0]).toMatchObject({ id: latest!.id, state: expected });
  });

  it("answers 404 for an unknown token or a non-heartbeat check's token, and records nothing", async () => {
    const api_ = await heartbeatCheck(heartbeat, "API");
    const before = await db().heartbeatEvent.count();
    for (const token of [randomUUID(), "x", api_.pingToken, "t".repeat(100)]) {
      for (const method of ["GET", "POST"]) {
        const response = await anonymous.raw(method, `/ping/${token}`);
        expect(response.status, `${method} ${token}`).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, error: "Not Found" });
      }
    }
    expect(await db().heartbeatEvent.count()).toBe(before);
  });

  it("records a ping against the check's own account", async () => {
    const other = await t.newAccount();
    const { checkId, pingToken } = await heartbeatCheck(heartbeat, "HEARTBEAT", other.accountId);
    expect((await anonymous.get(`/ping/${pingToken}`)).status).toBe(200);
    expect((await events(checkId)).map((e) => e.accountId)).toEqual([other.accountId]);
    expect((await api.get(`/v1/checks/heartbeats/${checkId}/events`)).status).toBe(404);
    const theirs = await restClient(t.url, other.apiKey).get(`/v1/checks/heartbeats/${checkId}/events`);
    expect(theirs.body[0].events).toHaveLength(1);
  });

  it("is not counted against any key's rate limit", async () => {
    const limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const check = await createHeartbeatCheck(limited, { name: "hb" }, limited.accountId);
      const pingToken = check.pingToken!;
      const keyed = restClient(limited.url, limited.apiKey);
      for (let i = 0; i < 5; i++)
        expect((await restClient(limited.url, null).get(`/ping/${pingToken}`)).status).toBe(200);
      // The key still has its whole budget: two requests, then 429.
      expect((await keyed.get(`/v1/checks/heartbeats/${check.id}/events`)).status).toBe(200);
      expect((await keyed.get(`/v1/checks/heartbeats/${check.id}/events`)).status).toBe(200);
      expect((await keyed.get(`/v1/checks/heartbeats/${check.id}/events`)).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});
