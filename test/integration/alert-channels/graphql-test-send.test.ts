// testAlertChannel and renderAlertTemplate: Send test and the template preview of the operator
// app's channel forms. A real receiver checks the Standard Webhooks signature; the address guard,
// the 10 s wait, the rate limit and another account's channel are each tried.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { startReceiver } from "../../support/receiver.js";

const CREATE = `mutation ($input: AlertChannelInput!) { createAlertChannel(input: $input) {
  ... on CreateAlertChannelSuccess { data { id } } ... on Error { message } } }`;
const TEST = `mutation ($id: ID!) { testAlertChannel(id: $id) { __typename
  ... on TestAlertChannelSuccess { data { delivered status answer } } ... on Error { message } } }`;
const RENDER = `query ($template: String!) { renderAlertTemplate(template: $template) { __typename
  ... on RenderAlertTemplateSuccess { data } ... on ValidationError { message fieldPaths } } }`;
const SECRET = `whsec_${randomBytes(24).toString("base64")}`;

describe(`testAlertChannel on ${testProvider}`, () => {
  const t = useTestApp();
  const guarded = useTestApp({ BLOCK_PRIVATE_TARGETS: "true" });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  const webhook = async (app: typeof t, key: string, path = "/hook") => {
    const config = {
      name: "hook",
      webhookType: "WEBHOOK",
      url: `${receiver.url}${path}`,
      method: "POST",
      webhookSecret: SECRET,
    };
    const { body } = await app.gql(CREATE, { input: { type: "WEBHOOK", config } }, key);
    expect(body.errors).toBeUndefined();
    return body.data.createAlertChannel.data.id as string;
  };

  it("delivers a signed test notification now and answers what the receiver said", async () => {
    const account = await t.newAccount();
    const id = await webhook(t, account.apiKey);
    receiver.reply((res) => {
      res.statusCode = 202;
      res.end("queued by the receiver");
    });
    const { body } = await t.gql(TEST, { id }, account.apiKey);
    expect(body.data.testAlertChannel.data).toEqual({
      delivered: true,
      status: 202,
      answer: "HTTP 202: queued by the receiver",
    });
    const request = receiver.take();
    const payload = new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>);
    expect(payload).toMatchObject({ ALERT_TYPE: "ALERT_FAILURE", CHECK_NAME: "Vigil test notification" });
    // Nothing stored: a test is not an alert.
    expect(await t.db.alertNotification.count({ where: { accountId: account.accountId } })).toBe(0);

    receiver.reply((res) => {
      res.statusCode = 500;
      res.end("boom");
    });
    const failed = await t.gql(TEST, { id }, account.apiKey);
    expect(failed.body.data.testAlertChannel.data).toEqual({ delivered: false, status: 500, answer: "HTTP 500: boom" });
    receiver.received.length = 0;
  });

  it("is a NotFoundError for another account's channel, and sends nothing", async () => {
    const id = await webhook(t, (await t.newAccount()).apiKey);
    const { body } = await t.gql(TEST, { id }, (await t.newAccount()).apiKey);
    expect(body.data.testAlertChannel.__typename).toBe("NotFoundError");
    expect(receiver.received).toEqual([]);
  });

  it("refuses past five tests a minute per account", async () => {
    const account = await t.newAccount();
    const id = await webhook(t, account.apiKey);
    receiver.reply((res) => res.end("ok"));
    for (let i = 0; i < 5; i++) expect((await t.gql(TEST, { id }, account.apiKey)).body.errors).toBeUndefined();
    const refused = await t.gql(TEST, { id }, account.apiKey);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    expect(receiver.received).toHaveLength(5);
    receiver.received.length = 0;
  });

  it("gives up on a receiver that does not answer within 10 s", { timeout: 30_000 }, async () => {
    const account = await t.newAccount();
    const id = await webhook(t, account.apiKey, "/silent");
    receiver.reply(() => {}); // never answers
    const { body } = await t.gql(TEST, { id }, account.apiKey);
    expect(body.data.testAlertChannel.data).toEqual({
      delivered: false,
      status: null,
      answer: "timed out after 10000 ms",
    });
    receiver.reply((res) => res.end("ok"));
    receiver.received.length = 0;
  });

  it("keeps to the address guard: a private address is refused before any connection", async () => {
    const account = await guarded.newAccount();
    const config = { name: "hook", webhookType: "WEBHOOK", url: `${receiver.url}/private`, method: "POST" };
    const created = await guarded.gql(CREATE, { input: { type: "WEBHOOK", config } }, account.apiKey);
    const id = created.body.data.createAlertChannel.data.id;
    const { body } = await guarded.gql(TEST, { id }, account.apiKey);
    expect(body.data.testAlertChannel.data).toMatchObject({ delivered: false, status: null });
    expect(body.data.testAlertChannel.data.answer).toMatch(/127\.0\.0\.1/);
    expect(receiver.received).toEqual([]);
  });
});

describe(`renderAlertTemplate on ${testProvider}`, () => {
  const t = useTestApp();

  it("lists the variables a template may name", async () => {
    const { body } = await t.gql("{ alertTemplateVariables }");
    expect(body.data.alertTemplateVariables).toEqual(expect.arrayContaining(["ALERT_TITLE", "CHECK_NAME", "TAGS"]));
    // Each renders on the sample: the list is the renderer's own.
    const all = body.data.alertTemplateVariables.map((name: string) => `{{json ${name}}}`).join(",");
    const rendered = await t.gql(RENDER, { template: `[${all}]` });
    expect(JSON.parse(rendered.body.data.renderAlertTemplate.data)).toHaveLength(
      body.data.alertTemplateVariables.length,
    );
  });

  it("renders on the test sample, and names a template that cannot render", async () => {
    const ok = await t.gql(RENDER, { template: '{"title": "{{ALERT_TITLE}}", "name": {{json CHECK_NAME}} }' });
    expect(ok.body.data.renderAlertTemplate.data).toBe(
      '{"title": "Vigil test notification is failing", "name": "Vigil test notification" }',
    );
    const unknown = await t.gql(RENDER, { template: "{{NOT_A_VARIABLE}}" });
    expect(unknown.body.data.renderAlertTemplate).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["template"],
    });
    // Over the output bound (64 KiB): stopped inside the render.
    const big = await t.gql(RENDER, { template: `{{#each TAGS}}${"x".repeat(2_000)}{{/each}}`.repeat(40) });
    expect(big.body.data.renderAlertTemplate.message).toContain("64 KiB");
  });
});
