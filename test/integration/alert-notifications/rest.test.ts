// GET /v1/alert-notifications and the GraphQL connection: the reference's shape, the 6-hour
// window, alertChannelId, hasFailures, newest first, and only the caller's account.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createWebhookChannel, queueNotification } from "../../support/index.js";

const HOUR = 3_600_000;

describe(`alert notifications lists on ${testProvider}`, () => {
  const t = useTestApp();
  const now = Date.now();
  const ids: Record<string, string> = {};
  let channelA: number;
  let channelB: number;
  beforeAll(async () => {
    const a = await createWebhookChannel(t, "http://127.0.0.1:1/a", { webhookSecret: "very-secret" });
    const b = await createWebhookChannel(t, "http://127.0.0.1:1/b");
    channelA = a.id;
    channelB = b.id;
    const at = (ms: number) => new Date(now - ms);
    ids.recent = (
      await queueNotification(t, a, {
        createdAt: at(60_000),
        status: "SUCCESS",
        notificationResult: "HTTP 200: ok",
        timestamp: at(59_000),
      })
    ).id;
    ids.failed = (
      await queueNotification(t, b, {
        createdAt: at(2 * HOUR),
        status: "FAILURE",
        notificationResult: "HTTP 404: nope",
        timestamp: at(2 * HOUR),
      })
    ).id;
    ids.pending = (await queueNotification(t, a, { createdAt: at(3 * HOUR), nextAttemptAt: new Date(now + HOUR) })).id;
    ids.old = (await queueNotification(t, a, { createdAt: at(7 * HOUR), status: "SUCCESS" })).id;
    const other = await t.newAccount();
    const foreign = await createWebhookChannel(t, "http://127.0.0.1:1/x", { accountId: other.accountId });
    ids.foreign = (await queueNotification(t, foreign, { createdAt: at(30_000), status: "FAILURE" })).id;
  });

  it("lists the last 6 hours of the account, newest first, in the reference's shape", async () => {
    const { status, body } = await t.api.get("/v1/alert-notifications");
    expect(status).toBe(200);
    expect(body.map((n: { id: string }) => n.id)).toEqual([ids.recent, ids.failed, ids.pending]);
    expect(body[0]).toEqual({
      id: ids.recent,
      type: "WEBHOOK",
      status: "SUCCESS",
      alertConfig: expect.objectContaining({ url: "http://127.0.0.1:1/a", webhookSecret: null }),
      notificationResult: "HTTP 200: ok",
      timestamp: new Date(now - 59_000).toISOString(),
      checkType: "API",
      checkId: expect.any(String),
      checkAlertId: null,
      alertChannelId: channelA,
      checkResultId: expect.any(String),
    });
  });

  it("filters by channel and by failures, and pages", async () => {
    const byChannel = await t.api.get(`/v1/alert-notifications?alertChannelId=${channelB}`);
    expect(byChannel.body.map((n: { id: string }) => n.id)).toEqual([ids.failed]);
    const failures = await t.api.get("/v1/alert-notifications?hasFailures=true");
    expect(failures.body.map((n: { id: string }) => n.id)).toEqual([ids.failed]);
    const others = await t.api.get("/v1/alert-notifications?hasFailures=false");
    expect(others.body.map((n: { id: string }) => n.id)).toEqual([ids.recent, ids.pending]);
    const second = await t.api.get("/v1/alert-notifications?limit=2&page=2");
    expect(second.body.map((n: { id: string }) => n.id)).toEqual([ids.pending]);
  });

  it("takes from and to (UNIX seconds) within 6 hours", async () => {
    const from = Math.floor((now - 8 * HOUR) / 1000);
    const window = await t.api.get(`/v1/alert-notifications?from=${from}`);
    expect(window.body.map((n: { id: string }) => n.id)).toEqual([ids.pending, ids.old]);
    const to = Math.floor((now - 2.5 * HOUR) / 1000);
    const before = await t.api.get(`/v1/alert-notifications?to=${to}`);
    expect(before.body.map((n: { id: string }) => n.id)).toEqual([ids.pending, ids.old]);
    const tooWide = await t.api.get(`/v1/alert-notifications?from=${from}&to=${from + 7 * 3600}`);
    expect(tooWide.status).toBe(400);
    expect((await t.api.get("/v1/alert-notifications?hasFailures=maybe")).status).toBe(400);
  });

  it("GraphQL: the account's alertNotifications connection, newest first, paged", async () => {
    const query = `query($after: String) { viewer { account { alertNotifications(first: 2, after: $after) {
      edges { node { id databaseId status type alertChannelId notificationResult alertConfig } }
      pageInfo { hasNextPage endCursor } } } } }`;
    const first = await t.gql(query);
    expect(first.body.errors).toBeUndefined();
    const page = first.body.data.viewer.account.alertNotifications;
    expect(page.edges.map((e: { node: { databaseId: string } }) => e.node.databaseId)).toEqual([
      ids.recent,
      ids.failed,
    ]);
    expect(page.edges[0].node).toMatchObject({ status: "SUCCESS", type: "WEBHOOK", alertChannelId: channelA });
    expect(page.edges[0].node.alertConfig.webhookSecret).toBeNull();
    const next = await t.gql(query, { after: page.pageInfo.endCursor });
    const rest = next.body.data.viewer.account.alertNotifications;
    expect(rest.edges.map((e: { node: { databaseId: string } }) => e.node.databaseId)).toEqual([ids.pending, ids.old]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const node = await t.gql(`query($id: ID!) { node(id: $id) { ... on AlertNotification { databaseId } } }`, {
      id: page.edges[1].node.id,
    });
    expect(node.body.data.node).toEqual({ databaseId: ids.failed });
  });
});
