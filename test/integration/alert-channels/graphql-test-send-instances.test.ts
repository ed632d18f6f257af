// testAlertChannel's budget (5 a minute per account) is shared by every instance through Redis:
// tests spread over two instances of one database are refused once the account's five are spent,
// wherever they were sent; another account keeps its own five.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql, startTestApp, type TestApp } from "../../support/app.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";
import { startReceiver } from "../../support/receiver.js";
import { startRedis, type RedisServer } from "../../support/redis-server.js";

const CREATE = `mutation ($input: AlertChannelInput!) { createAlertChannel(input: $input) {
  ... on CreateAlertChannelSuccess { data { id } } ... on Error { message } } }`;
const TEST = `mutation ($id: ID!) { testAlertChannel(id: $id) { __typename
  ... on TestAlertChannelSuccess { data { delivered } } ... on Error { message } } }`;

describe(`testAlertChannel's limit across two instances on ${testProvider}`, () => {
  let redis: RedisServer;
  let a: TestApp;
  let b: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    redis = await startRedis();
    receiver = await startReceiver();
    const DATABASE_URL = await migratedDatabaseUrl();
    a = await startTestApp({ DATABASE_URL, REDIS_URL: redis.url });
    b = await startTestApp({ DATABASE_URL, REDIS_URL: redis.url });
  });
  afterAll(async () => {
    for (const app of [b, a]) await app?.stop();
    await receiver?.close();
    await redis?.stop();
  });

  const channel = async (key: string) => {
    const config = { name: "hook", webhookType: "WEBHOOK", url: `${receiver.url}/hook`, method: "POST" };
    const { body } = await graphql(a.url, CREATE, bearer(key), { input: { type: "WEBHOOK", config } });
    return body.data.createAlertChannel.data.id as string;
  };
  /** The test's outcome: its result's type, or the error code (RATE_LIMITED). */
  const test = async (app: TestApp, id: string, key: string) => {
    const { body } = await graphql(app.url, TEST, bearer(key), { id });
    return (body.errors?.[0]?.extensions?.code ?? body.data.testAlertChannel.__typename) as string;
  };

  it("refuses the sixth test of a minute on either instance, and counts each account apart", async () => {
    const account = await a.newAccount();
    const id = await channel(account.apiKey);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await test(i % 2 ? b : a, id, account.apiKey));
    expect(answers).toEqual(Array(5).fill("TestAlertChannelSuccess"));
    expect(await test(a, id, account.apiKey)).toBe("RATE_LIMITED");
    expect(await test(b, id, account.apiKey)).toBe("RATE_LIMITED");
    expect(receiver.received).toHaveLength(5);

    const other = await a.newAccount();
    expect(await test(b, await channel(other.apiKey), other.apiKey)).toBe("TestAlertChannelSuccess");
  });
});
