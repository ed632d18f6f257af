import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DeliveryConfig } from "../../../src/config.js";
import type { AlertType } from "../../../src/domain/alert-rules/decide.js";
import { nextDelivery } from "../../../src/domain/alert-notifications/delivery-rules.js";
import { alertVariables } from "../../../src/domain/alert-templates/variables.js";
import { parseStoredChannel } from "../../../src/domain/alert-channels/schemas.js";
import { type AlertMessage, deliver } from "../../../src/delivery/index.js";
import { sampleInput } from "../../support/alert-sample.js";
import { startReceiver } from "../../support/receiver.js";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.splice(0);
  receiver.reply((res) => res.end("ok"));
});

const config = (): DeliveryConfig => ({
  smtpUrl: null,
  emailFrom: "Vigil <vigil@localhost>",
  pagerdutyEventsUrl: `${receiver.url}/v2/enqueue`,
  opsgenieApiUrl: receiver.url,
  telegramApiUrl: receiver.url,
  blockPrivateTargets: false,
});
const message = (alertType: AlertType = "ALERT_FAILURE", now = new Date()): AlertMessage => ({
  notificationId: "msg_2fQ8pWv3",
  alertType,
  variables: alertVariables({ ...sampleInput, alertType }),
  now,
});
const variables = alertVariables(sampleInput);
const webhook = (config: object) =>
  parseStoredChannel("WEBHOOK", { name: "hook", url: `${receiver.url}/hooks/in`, ...config });

describe("SLACK", () => {
  it("posts the title and an attachment to the incoming webhook", async () => {
    const channel = parseStoredChannel("SLACK", { url: `${receiver.url}/services/T0/B0/xyz`, channel: "#alerts" });
    const result = await deliver(channel, message(), config());
    expect(nextDelivery({ tries: 1, result, now: new Date() })).toMatchObject({
      status: "SUCCESS",
      notificationResult: "HTTP 200: ok",
    });
    const request = receiver.take();
    expect(request).toMatchObject({ method: "POST", path: "/services/T0/B0/xyz" });
    expect(request.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      channel: "#alerts",
      text: "Checkout API is failing",
      attachments: [
        {
          color: "#d92d20",
          title: "Checkout API is failing",
          title_link: variables.RESULT_LINK,
          text: variables.CHECK_ERROR_MESSAGE,
        },
      ],
    });
    expect(body.attachments[0].fields).toContainEqual({ title: "Location", value: "eu-west-1", short: true });
  });
});

describe("WEBHOOK", () => {
  it("sends the variables as JSON without a template, with the channel's method, headers and query", async () => {
    const channel = webhook({
      method: "PUT",
      headers: [
        { key: "X-Team", value: "ops" },
        { key: "Authorization", value: "Bearer t", locked: true },
      ],
      queryParameters: [
        { key: "source", value: "vigil" },
        { key: "q", value: "a b&c" },
      ],
    });
    const result = await deliver(channel, message(), config());
    expect(result).toEqual({ kind: "response", status: 200, body: "ok", retryAfter: null });
    const request = receiver.take();
    expect(request.method).toBe("PUT");
    expect(request.path).toBe("/hooks/in?source=vigil&q=a+b%26c");
    expect(request.headers).toMatchObject({
      "content-type": "application/json",
      "x-team": "ops",
      authorization: "Bearer t",
    });
    expect(request.headers["webhook-signature"]).toBeUndefined();
    expect(JSON.parse(request.body)).toEqual(JSON.parse(JSON.stringify(variables)));
  });

  it("renders the Handlebars template with every variable, keeping the user's content type", async () => {
    const template =
      "title={{ALERT_TITLE}}|type={{ALERT_TYPE}}|name={{CHECK_NAME}}|id={{CHECK_ID}}|checkType={{CHECK_TYPE}}|" +
      "result={{CHECK_RESULT_ID}}|error={{{CHECK_ERROR_MESSAGE}}}|desc={{CHECK_DESCRIPTION}}|group={{GROUP_NAME}}|" +
      "loc={{RUN_LOCATION}}|rt={{RESPONSE_TIME}}|code={{API_CHECK_RESPONSE_STATUS_CODE}}|" +
      "text={{API_CHECK_RESPONSE_STATUS_TEXT}}|at={{STARTED_AT}}|tags={{#each TAGS}}<{{this}}>{{/each}}|" +
      "link={{RESULT_LINK}}|reminder={{IS_REMINDER}}/{{REMINDER_SEQUENCE}}";
    const channel = webhook({ template, headers: [{ key: "Content-Type", value: "text/plain" }] });
    await deliver(channel, message(), config());
    const request = receiver.take();
    expect(request.headers["content-type"]).toBe("text/plain");
    expect(request.body).toBe(
      [
        "title=Checkout API is failing",
        "type=ALERT_FAILURE",
        "name=Checkout API",
        `id=${variables.CHECK_ID}`,
        "checkType=API",
        `result=${variables.CHECK_RESULT_ID}`,
        'error=expected 200, got 503 "unavailable"',
        "desc=Pays for things",
        "group=Shop",
        "loc=eu-west-1",
        "rt=1234",
        "code=503",
        "text=Service Unavailable",
        "at=2026-01-01T10:00:00.000Z",
        "tags=<prod><payments>",
        `link=${variables.RESULT_LINK}`,
        "reminder=false/0",
      ].join("|"),
    );
  });

  it("sends a GET without a body", async () => {
    await deliver(webhook({ method: "GET" }), message(), config());
    const request = receiver.take();
    expect(request).toMatchObject({ method: "GET", body: "" });
    expect(request.headers["content-type"]).toBeUndefined();
  });

  it.each([
    ["a whsec_ secret", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", (secret: string) => new Webhook(secret)],
    ["a plain secret", "correct horse battery staple", (secret: string) => new Webhook(secret, { format: "raw" })],
  ])(
    "signs with %s as Standard Webhooks; the same id on every retry; a tampered body fails",
    async (_name, secret, verifier) => {
      const channel = webhook({ webhookSecret: secret });
      await deliver(channel, message(), config());
      await deliver(channel, message(), config());
      const [first, retry] = receiver.received.splice(0);
      const headers = first!.headers as Record<string, string>;
      expect(headers["webhook-id"]).toBe("msg_2fQ8pWv3");
      expect(retry!.headers["webhook-id"]).toBe("msg_2fQ8pWv3");
      expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(5);
      expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      const wh = verifier(secret);
      expect(wh.verify(first!.body, headers)).toEqual(JSON.parse(first!.body));
      const tampered = first!.body.replace("Checkout API", "Checkout APl");
      expect(() => wh.verify(tampered, headers)).toThrow(/signature/i);
      expect(() => verifier("whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").verify(first!.body, headers)).toThrow(
        /signature/i,
      );
    },
  );

  it("posts an Adaptive Card for WEBHOOK_MSTEAMS", async () => {
    await deliver(webhook({ webhookType: "WEBHOOK_MSTEAMS" }), message(), config());
    const body = JSON.parse(receiver.take().body);
    expect(body.type).toBe("message");
    const card = body.attachments[0];
    expect(card.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card.content).toMatchObject({
      type: "AdaptiveCard",
      body: [
        { type: "TextBlock", text: "Checkout API is failing" },
        { type: "TextBlock", text: variables.CHECK_ERROR_MESSAGE },
        { type: "FactSet" },
      ],
      actions: [{ type: "Action.OpenUrl", url: variables.RESULT_LINK }],
    });
  });

  it("sends WEBHOOK_TELEGRAM to TELEGRAM_API_URL with chat_id in the body", async () => {
    const channel = webhook({
      webhookType: "WEBHOOK_TELEGRAM",
      url: "https://api.telegram.org/bot123456:ABC-DEF/sendMessage?chat_id=-1001234",
    });
    // Trusted: the host is the operator's, so BLOCK_PRIVATE_TARGETS does not stop the 127.0.0.1 receiver.
    const result = await deliver(channel, message(), { ...config(), blockPrivateTargets: true });
    expect(result).toMatchObject({ kind: "response", status: 200 });
    const request = receiver.take();
    expect(request).toMatchObject({ method: "POST", path: "/bot123456:ABC-DEF/sendMessage" });
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ chat_id: "-1001234", parse_mode: "HTML" });
    expect(body.text).toContain("<b>Checkout API is failing</b>");
    expect(body.text).toContain(`<a href="${variables.RESULT_LINK}">`);
  });

  it("posts a Discord embed for WEBHOOK_DISCORD", async () => {
    receiver.reply((res) => {
      res.statusCode = 204;
      res.end();
    });
    const result = await deliver(webhook({ webhookType: "WEBHOOK_DISCORD" }), message(), config());
    expect(nextDelivery({ tries: 1, result, now: new Date() }).status).toBe("SUCCESS");
    const body = JSON.parse(receiver.take().body);
    expect(body).toMatchObject({
      content: "Checkout API is failing",
      embeds: [{ title: "Checkout API is failing", url: variables.RESULT_LINK, color: 0xd92d20 }],
    });
    expect(body.embeds[0].fields).toContainEqual({ name: "Location", value: "eu-west-1", inline: true });
  });

  it("sends incident.io alert events, firing then resolved under one deduplication key", async () => {
    const channel = webhook({ webhookType: "WEBHOOK_INCIDENTIO" });
    await deliver(channel, message("ALERT_FAILURE"), config());
    await deliver(channel, message("ALERT_RECOVERY"), config());
    const [firing, resolved] = receiver.received.splice(0).map((r) => JSON.parse(r.body));
    expect(firing).toMatchObject({
      title: "Checkout API is failing",
      status: "firing",
      deduplication_key: `vigil-check-${variables.CHECK_ID}`,
      source_url: variables.RESULT_LINK,
      metadata: { CHECK_NAME: "Checkout API" },
    });
    expect(resolved).toMatchObject({ status: "resolved", deduplication_key: firing.deduplication_key });
  });

  it("fails without sending when a stored template no longer renders", async () => {
    const channel = { type: "WEBHOOK" as const, config: { ...webhook({}).config, template: "{{GONE}}" } };
    const result = await deliver(channel, message(), config());
    expect(nextDelivery({ tries: 1, result, now: new Date() })).toMatchObject({
      status: "FAILURE",
      notificationResult: 'template: "GONE" not defined in the variables - 1:2',
    });
    expect(receiver.received).toEqual([]);
  });
});

describe("PAGERDUTY", () => {
  it("triggers on failures and degradations and resolves on recovery, one dedup_key per check", async () => {
    const channel = parseStoredChannel("PAGERDUTY", { serviceKey: "R0UT1NGKEY0000000000000000000000" });
    const now = new Date("2026-01-01T10:00:05.000Z");
    receiver.reply((res) => {
      res.statusCode = 202;
      res.end('{"status":"success","message":"Event processed"}');
    });
    for (const type of ["ALERT_FAILURE", "ALERT_FAILURE_DEGRADED", "ALERT_RECOVERY"] as const) {
      const result = await deliver(channel, message(type, now), { ...config(), blockPrivateTargets: true });
      expect(nextDelivery({ tries: 1, result, now })).toMatchObject({
        status: "SUCCESS",
        notificationResult: 'HTTP 202: {"status":"success","message":"Event processed"}',
      });
    }
    const [trigger, degraded, resolve] = receiver.received.splice(0);
    expect(trigger).toMatchObject({ method: "POST", path: "/v2/enqueue" });
    expect(trigger!.headers["content-type"]).toBe("application/json");
    const key = `vigil-check-${variables.CHECK_ID}`;
    expect(JSON.parse(trigger!.body)).toMatchObject({
      routing_key: "R0UT1NGKEY0000000000000000000000",
      event_action: "trigger",
      dedup_key: key,
      payload: {
        summary: "Checkout API is failing",
        source: "eu-west-1",
        severity: "critical",
        timestamp: "2026-01-01T10:00:05.000Z",
        component: "Checkout API",
        group: "Shop",
        class: "API",
      },
      links: [{ href: variables.RESULT_LINK }],
    });
    expect(JSON.parse(degraded!.body)).toMatchObject({
      event_action: "trigger",
      dedup_key: key,
      payload: { severity: "warning" },
    });
    expect(JSON.parse(resolve!.body)).toEqual({
      routing_key: "R0UT1NGKEY0000000000000000000000",
      dedup_key: key,
      event_action: "resolve",
    });
  });
});

describe("OPSGENIE", () => {
  it("creates an alert with a stable alias on failure and closes it by alias on recovery", async () => {
    const channel = parseStoredChannel("OPSGENIE", { name: "og", apiKey: "genie-key-1", region: "EU", priority: "P1" });
    receiver.reply((res) => {
      res.statusCode = 202;
      res.end('{"result":"Request will be processed"}');
    });
    await deliver(channel, message("ALERT_FAILURE"), config());
    await deliver(channel, message("ALERT_RECOVERY"), config());
    const [create, close] = receiver.received.splice(0);
    const alias = `vigil-check-${variables.CHECK_ID}`;
    expect(create).toMatchObject({ method: "POST", path: "/v2/alerts" });
    expect(create!.headers.authorization).toBe("GenieKey genie-key-1");
    expect(JSON.parse(create!.body)).toMatchObject({
      message: "Checkout API is failing",
      alias,
      priority: "P1",
      tags: ["prod", "payments"],
      entity: "Checkout API",
      source: "Vigil",
      details: { CHECK_TYPE: "API", RESPONSE_TIME: "1234" },
    });
    expect(close).toMatchObject({ method: "POST", path: `/v2/alerts/${alias}/close?identifierType=alias` });
    expect(close!.headers.authorization).toBe("GenieKey genie-key-1");
    expect(JSON.parse(close!.body)).toMatchObject({ source: "Vigil" });
  });
});
