// The notification log's GraphQL connection, filtered as the operator app filters it: by channel,
// by status and by check (global ids or REST ids), all together, paged; each delivery's tries and
// next retry shown; another account's channel or check finds nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createWebhookChannel, queueNotification } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";

const LOG = `query ($channel: ID, $status: AlertNotificationStatus, $check: ID, $after: String) {
  viewer { account { alertNotifications(first: 2, after: $after, alertChannelId: $channel, status: $status, checkId: $check) {
    edges { node { databaseId status tries nextAttemptAt } } pageInfo { hasNextPage endCursor } } } } }`;

describe(`alertNotifications filters on ${testProvider}`, () => {
  const t = useTestApp();
  const ids: Record<string, string> = {};
  let channelA: number;
  let channelB: number;
  let foreignChannel: number;
  let checkId: string;
  const retryAt = new Date(Date.now() + 60_000);
  beforeAll(async () => {
    const a = await createWebhookChannel(t, "http://127.0.0.1:1/a");
    const b = await createWebhookChannel(t, "http://127.0.0.1:1/b");
    channelA = a.id;
    channelB = b.id;
    const at = (ms: number) => new Date(Date.now() - ms);
    const db = t.app.context.database.prisma;
    const failed = await queueNotification(t, b, { createdAt: at(1_000), status: "FAILURE" });
    await db.alertNotification.update({ where: { id: failed.id }, data: { tries: 2 } });
    ids.failed = failed.id;
    const retrying = await queueNotification(t, b, { createdAt: at(2_000), nextAttemptAt: retryAt });
    await db.alertNotification.update({ where: { id: retrying.id }, data: { tries: 1 } });
    ids.retrying = retrying.id;
    ids.oldFailed = (await queueNotification(t, b, { createdAt: at(3_000), status: "FAILURE" })).id;
    ids.delivered = (await queueNotification(t, a, { createdAt: at(4_000), status: "SUCCESS" })).id;
    checkId = failed.checkId as string;
    const other = await t.newAccount();
    const foreign = await createWebhookChannel(t, "http://127.0.0.1:1/x", { accountId: other.accountId });
    foreignChannel = foreign.id;
    await queueNotification(t, foreign, { status: "FAILURE" });
  });

  const log = async (variables: Record<string, unknown>) => {
    const { body } = await t.gql(LOG, variables);
    expect(body.errors).toBeUndefined();
    return body.data.viewer.account.alertNotifications as {
      edges: { node: { databaseId: string; status: string; tries: number; nextAttemptAt: string | null } }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
  };
  const idsOf = (page: Awaited<ReturnType<typeof log>>) => page.edges.map((e) => e.node.databaseId);

  it("filters by channel (global id or REST id), by status, and both, paged", async () => {
    expect(idsOf(await log({ channel: globalId("AlertChannel", channelA) }))).toEqual([ids.delivered]);
    const failures = await log({ channel: String(channelB), status: "FAILURE" });
    expect(idsOf(failures)).toEqual([ids.failed, ids.oldFailed]);
    expect(failures.edges[0]?.node).toMatchObject({ tries: 2, nextAttemptAt: null });
    expect(failures.pageInfo.hasNextPage).toBe(false);
    const retrying = await log({ status: "IN_PROGRESS" });
    expect(retrying.edges.map((e) => e.node)).toEqual([
      { databaseId: ids.retrying, status: "IN_PROGRESS", tries: 1, nextAttemptAt: retryAt.toISOString() },
    ]);
    const first = await log({ channel: String(channelB) });
    expect(idsOf(first)).toEqual([ids.failed, ids.retrying]);
    const second = await log({ channel: String(channelB), after: first.pageInfo.endCursor });
    expect(idsOf(second)).toEqual([ids.oldFailed]);
  });

  it("filters by check, and finds nothing for another account's channel or an unknown check", async () => {
    expect(idsOf(await log({ check: checkId, status: "SUCCESS" }))).toEqual([ids.delivered]);
    expect(idsOf(await log({ check: globalId("ApiCheck", checkId), status: "SUCCESS" }))).toEqual([ids.delivered]);
    expect(idsOf(await log({ channel: String(foreignChannel) }))).toEqual([]);
    expect(idsOf(await log({ check: "00000000-0000-4000-8000-00000000ffff" }))).toEqual([]);
  });

  it("refuses an id of the wrong kind or a status it does not know, as the client's mistake", async () => {
    const wrong = await t.gql(LOG, { channel: globalId("Incident", "x") });
    expect(wrong.body.errors?.[0]?.message).toContain("is not of type: AlertChannel");
    const status = await t.gql(LOG, { status: "LOST" });
    expect(status.body.errors?.[0]?.message).toContain("LOST");
    const check = await t.gql(LOG, { check: "not-a-uuid" });
    expect(check.body.errors?.[0]?.message).toContain("is not of type");
  });
});
