import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheckAlerts, createCheck } from "../../support/index.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000));
type Alert = { id: string };
const ids = (body: Alert[]) => body.map((a) => a.id);

describe(`REST check alerts on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;

  it("shows an alert in the reference's shape plus silenced", async () => {
    const check = await createCheck(t, { name: "Shape" });
    const createdAt = new Date(Date.now() - MINUTE);
    const [id] = await createCheckAlerts(t, check, 1, () => ({
      alertType: "ALERT_DEGRADED",
      silenced: true,
      responseTime: 812,
      error: "too slow",
      statusCode: "200",
      createdAt,
    }));
    const { status, body } = await api.get(`/v1/check-alerts/${check.id}`);
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id,
        name: "Shape",
        checkId: check.id,
        alertType: "ALERT_DEGRADED",
        checkType: "API",
        runLocation: "eu-west-1",
        responseTime: 812,
        error: "too slow",
        statusCode: "200",
        silenced: true,
        created_at: createdAt.toISOString(),
        startedAt: createdAt.toISOString(),
      },
    ]);
  });

  it("lists the 6 hours before now by default, newest first, the account's checks only", async () => {
    const a = await createCheck(t, { name: "a" });
    const b = await createCheck(t, { name: "b" });
    const other = await t.newAccount("Alerts elsewhere");
    const theirs = await createCheck(t, { name: "theirs" }, other.accountId);
    const now = Date.now();
    const [recentA, oldA, futureA] = await createCheckAlerts(t, a, 3, (i) => ({
      createdAt: new Date(now - [HOUR, 7 * HOUR, -MINUTE][i]!),
    }));
    const [recentB] = await createCheckAlerts(t, b, 1, () => ({ createdAt: new Date(now - 2 * HOUR) }));
    await createCheckAlerts(t, theirs, 2, () => ({ createdAt: new Date(now - 30 * MINUTE) }));

    const all = await api.get("/v1/check-alerts?limit=100");
    expect(all.status).toBe(200);
    expect(ids(all.body).filter((id) => [recentA, oldA, futureA, recentB].includes(id))).toEqual([recentA, recentB]);
    expect(all.body.every((alert: { name: string }) => alert.name !== "theirs")).toBe(true);
    expect(ids((await api.get(`/v1/check-alerts/${a.id}`)).body)).toEqual([recentA]);
  });

  it("derives the missing bound from the other, refuses a window over 6 hours, and pages without gaps or duplicates", async () => {
    const check = await createCheck(t, { name: "window" });
    const base = new Date("2026-03-01T12:00:00.000Z").getTime();
    // 25 alerts a quarter-hour apart from 12:00, two of them at the same instant (ties settle by id).
    const made = await createCheckAlerts(t, check, 25, (i) => ({
      createdAt: new Date(base + Math.max(i, 1) * 15 * MINUTE),
    }));
    const path = `/v1/check-alerts/${check.id}`;
    const from = new Date(base);

    const fromOnly = await api.get(`${path}?from=${seconds(from)}&limit=100`);
    expect(fromOnly.body).toHaveLength(24); // 12:15 to 17:45 (the two at 12:15 included); 18:00 is excluded
    const toOnly = await api.get(`${path}?to=${seconds(new Date(base + 6 * HOUR))}&limit=100`);
    expect(ids(toOnly.body)).toEqual(ids(fromOnly.body));

    const walked: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const { body } = await api.get(`${path}?from=${seconds(from)}&limit=5&page=${page}`);
      walked.push(...ids(body));
    }
    expect(walked).toEqual(ids(fromOnly.body));
    expect(new Set(walked).size).toBe(24);
    const times = fromOnly.body.map((a: { created_at: string }) => a.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(made).toHaveLength(25);

    const tooWide = await api.get(`${path}?from=${seconds(from)}&to=${seconds(new Date(base + 7 * HOUR))}`);
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.validation).toEqual({ source: "query", keys: ["to"] });
    const backwards = await api.get(`/v1/check-alerts?from=${seconds(from)}&to=${seconds(from)}`);
    expect(backwards.status).toBe(400);
    expect((await api.get("/v1/check-alerts?limit=101")).status).toBe(400);
    expect((await api.get("/v1/check-alerts?cursor=x")).status).toBe(400);
  });

  it("answers 404 for another account's check, an unknown one and a malformed id", async () => {
    const other = await t.newAccount("Alerts 404");
    const theirs = await createCheck(t, {}, other.accountId);
    await createCheckAlerts(t, theirs, 1);
    for (const id of [theirs.id, "6f1f0c8e-0000-4000-8000-000000000000", "nope"]) {
      const { status } = await api.get(`/v1/check-alerts/${id}`);
      expect(status).toBe(404);
    }
  });
});
