// The delivery workers of `vigil serve` (ENGINE_ENABLED): retries by the rows' schedule (an
// injected clock moves instead of the test waiting), Standard Webhooks signatures with one
// webhook-id per notification, 410 and other 4xx, and the per-minute digest.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGEST_WINDOW_MS, digestId } from "../../../src/domain/alert-notifications/digest.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { createWebhookChannel, queueNotification, createCheck } from "../../support/index.js";
import { startReceiver } from "../../support/receiver.js";

const SECRET = `whsec_${Buffer.from("a-test-secret-of-32-bytes-length").toString("base64")}`;

describe(`alert delivery on ${testProvider}`, () => {
  let offsetMs = 0;
  const t = useTestApp({ ENGINE_ENABLED: "true" }, { deliveryClock: () => new Date(Date.now() + offsetMs) });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  /** Moves the workers' clock forward and wakes them. */
  const advance = (ms: number) => {
    offsetMs += ms;
    t.app.delivery!.nudge();
  };
  const row = (id: string) => t.db.alertNotification.findUniqueOrThrow({ where: { id } });
  const hitsOf = (path: string) => receiver.received.filter((r) => r.path === path);

  it("retries 500s on the schedule and delivers once, every try with the same webhook-id", async () => {
    let calls = 0;
    receiver.reply((res, req) => {
      if (req.path !== "/flaky") return res.end("ok");
      calls++;
      res.statusCode = calls <= 3 ? 500 : 200;
      res.end(calls <= 3 ? "boom" : "thanks");
    });
    const channel = await createWebhookChannel(t, `${receiver.url}/flaky`, { webhookSecret: SECRET });
    const queued = await queueNotification(t, channel);
    const waits = [5_000, 60_000, 5 * 60_000];
    for (const [index, wait] of waits.entries()) {
      const tried = await eventually(async () => {
        const current = await row(queued.id);
        return current.tries === index + 1 && current;
      });
      expect(tried).toMatchObject({ status: "IN_PROGRESS", notificationResult: "HTTP 500: boom", leaseUntil: null });
      expect(tried.nextAttemptAt!.getTime() - tried.timestamp!.getTime()).toBe(wait);
      advance(wait);
    }
    const done = await eventually(async () => {
      const current = await row(queued.id);
      return current.status !== "IN_PROGRESS" && current;
    });
    expect(done).toMatchObject({
      status: "SUCCESS",
      tries: 4,
      notificationResult: "HTTP 200: thanks",
      nextAttemptAt: null,
    });
    const hits = hitsOf("/flaky");
    expect(hits).toHaveLength(4);
    const webhook = new Webhook(SECRET);
    // The first try was at the real time: verify() accepts it; later ones carry the moved clock's
    // timestamp, too new for verify(), so their signatures are checked against the package's own.
    expect(() => webhook.verify(hits[0]!.body, hits[0]!.headers as Record<string, string>)).not.toThrow();
    for (const hit of hits) {
      expect(hit.headers["webhook-id"]).toBe(queued.id);
      const at = new Date(Number(hit.headers["webhook-timestamp"]) * 1000);
      expect(hit.headers["webhook-signature"]).toBe(webhook.sign(queued.id, at, hit.body));
    }
    // Nothing more, however far the clock moves.
    advance(24 * 3_600_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(hitsOf("/flaky")).toHaveLength(4);
  });

  it("a 410 ends the notification as FAILURE and deactivates every subscription of the channel", async () => {
    receiver.reply((res, req) => {
      res.statusCode = req.path === "/gone" ? 410 : 200;
      res.end(req.path === "/gone" ? "gone for good" : "ok");
    });
    const channel = await createWebhookChannel(t, `${receiver.url}/gone`);
    const other = await createWebhookChannel(t, `${receiver.url}/other`);
    const checks = await Promise.all([createCheck(t), createCheck(t)]);
    for (const check of checks) {
      await t.db.alertChannelSubscription.create({ data: { alertChannelId: channel.id, checkId: check.id } });
      await t.db.alertChannelSubscription.create({ data: { alertChannelId: other.id, checkId: check.id } });
    }
    const queued = await queueNotification(t, channel);
    const done = await eventually(async () => {
      const current = await row(queued.id);
      return current.status !== "IN_PROGRESS" && current;
    });
    expect(done).toMatchObject({ status: "FAILURE", tries: 1, notificationResult: "HTTP 410: gone for good" });
    const subscriptions = await t.db.alertChannelSubscription.findMany({
      where: { checkId: { in: checks.map((c) => c.id) } },
    });
    expect(subscriptions.filter((s) => s.alertChannelId === channel.id).map((s) => s.activated)).toEqual([
      false,
      false,
    ]);
    expect(subscriptions.filter((s) => s.alertChannelId === other.id).map((s) => s.activated)).toEqual([true, true]);
  });

  it("another 4xx ends it as FAILURE at once, without retries and without touching subscriptions", async () => {
    receiver.reply((res, req) => {
      res.statusCode = req.path === "/bad" ? 400 : 200;
      res.end(req.path === "/bad" ? "no such hook" : "ok");
    });
    const channel = await createWebhookChannel(t, `${receiver.url}/bad`);
    const check = await createCheck(t);
    await t.db.alertChannelSubscription.create({ data: { alertChannelId: channel.id, checkId: check.id } });
    const queued = await queueNotification(t, channel);
    const done = await eventually(async () => {
      const current = await row(queued.id);
      return current.status !== "IN_PROGRESS" && current;
    });
    expect(done).toMatchObject({ status: "FAILURE", tries: 1, notificationResult: "HTTP 400: no such hook" });
    advance(3_600_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(hitsOf("/bad")).toHaveLength(1);
    const [subscription] = await t.db.alertChannelSubscription.findMany({ where: { alertChannelId: channel.id } });
    expect(subscription!.activated).toBe(true);
  });

  it("folds the 11th and later alerts of a channel's minute into one digest", async () => {
    receiver.reply((res) => res.end("ok"));
    const channel = await createWebhookChannel(t, `${receiver.url}/busy`, { webhookSecret: SECRET });
    const minute = Math.floor((Date.now() + offsetMs) / DIGEST_WINDOW_MS) * DIGEST_WINDOW_MS;
    const rows: { id: string }[] = [];
    for (let index = 0; index < 14; index++)
      rows.push(
        await queueNotification(t, channel, {
          checkName: `check ${index}`,
          createdAt: new Date(minute + index),
          nextAttemptAt: new Date(minute),
        }),
      );
    const id = digestId(channel.id, minute);
    await eventually(() => hitsOf("/busy").length === 10);
    const folded = await eventually(async () => {
      const late = await t.db.alertNotification.findMany({
        where: { id: { in: rows.slice(10).map((r) => r.id) }, notificationResult: `Folded into digest ${id}` },
      });
      return late.length === 4 && late;
    });
    expect(folded.every((f) => f.status === "IN_PROGRESS" && f.nextAttemptAt === null)).toBe(true);
    // The first ten of the minute went out one by one (in any order: ten tries run at once).
    expect(
      hitsOf("/busy")
        .map((hit) => JSON.parse(hit.body).CHECK_NAME as string)
        .sort(),
    ).toEqual(
      rows
        .slice(0, 10)
        .map((_, index) => `check ${index}`)
        .sort(),
    );
    // Their outcomes are written in batches: until then their lease runs, and moving the clock a
    // minute on would hand them out again (at least once).
    await eventually(
      async () =>
        (await t.db.alertNotification.count({
          where: { id: { in: rows.slice(0, 10).map((r) => r.id) }, status: "SUCCESS" },
        })) === 10,
    );
    // The digest goes out once its minute is over.
    advance(minute + DIGEST_WINDOW_MS + 3_000 - (Date.now() + offsetMs));
    const digest = await eventually(() => hitsOf("/busy")[10]);
    expect(digest.headers["webhook-id"]).toBe(id);
    const body = JSON.parse(digest.body);
    expect(body.ALERTS.map((alert: { CHECK_NAME: string }) => alert.CHECK_NAME)).toEqual([
      "check 10",
      "check 11",
      "check 12",
      "check 13",
    ]);
    expect(body.ALERT_TITLE).toMatch(/^4 more alerts in one minute/);
    const ended = await eventually(async () => {
      const late = await t.db.alertNotification.findMany({
        where: { id: { in: rows.slice(10).map((r) => r.id) }, status: "SUCCESS" },
      });
      return late.length === 4 && late;
    });
    expect(ended[0]!.notificationResult).toBe(`Sent in digest ${id}: HTTP 200: ok`);
    expect(await row(id)).toMatchObject({ status: "SUCCESS", tries: 1, alertChannelId: channel.id });
    await new Promise((r) => setTimeout(r, 200));
    expect(hitsOf("/busy")).toHaveLength(11);
  });
});
