import { describe, expect, it } from "vitest";
import { checkChannelTemplate } from "../../../../src/domain/alert-channels/template-check.js";
import type { ValidationError } from "../../../../src/domain/shared/errors.js";
import {
  CreateAlertChannelInput,
  parseStoredChannel,
  UpdateAlertChannelInput,
} from "../../../../src/domain/alert-channels/schemas.js";
import { keepChannelSecrets, redactChannelConfig } from "../../../../src/domain/alert-channels/secrets.js";

function issues(body: unknown, schema = CreateAlertChannelInput) {
  const parsed = schema.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("alert channel bodies", () => {
  it("accepts each delivered type with the reference's defaults", () => {
    const email = CreateAlertChannelInput.parse({ type: "EMAIL", config: { address: "ops@example.com" } });
    expect(email).toEqual({
      type: "EMAIL",
      config: { address: "ops@example.com" },
      sendRecovery: true,
      sendFailure: true,
      sendDegraded: false,
      sslExpiry: false,
      sslExpiryThreshold: 30,
      autoSubscribe: false,
    });
    expect(
      CreateAlertChannelInput.parse({ type: "SLACK", config: { url: "https://hooks.slack.com/services/T/B/x" } })
        .config,
    ).toEqual({ url: "https://hooks.slack.com/services/T/B/x", channel: null });
    expect(
      CreateAlertChannelInput.parse({ type: "WEBHOOK", config: { name: "hook", url: "https://example.com/hook" } })
        .config,
    ).toEqual({
      name: "hook",
      webhookType: "WEBHOOK",
      url: "https://example.com/hook",
      template: null,
      method: "POST",
      headers: [],
      queryParameters: [],
    });
    expect(CreateAlertChannelInput.parse({ type: "PAGERDUTY", config: { serviceKey: "r".repeat(32) } }).config).toEqual(
      {
        account: null,
        serviceName: null,
        serviceKey: "r".repeat(32),
      },
    );
    expect(CreateAlertChannelInput.parse({ type: "OPSGENIE", config: { name: "og", apiKey: "k" } }).config).toEqual({
      name: "og",
      apiKey: "k",
      region: "US",
      priority: "P3",
    });
  });

  it.each(["SMS", "CALL", "SLACK_APP"])("refuses %s naming the type as not supported", (type) => {
    expect(issues({ type, config: { number: "+1555" } })).toEqual([
      `type: ${type} alert channels are not supported (supported: EMAIL, SLACK, WEBHOOK, PAGERDUTY, OPSGENIE)`,
    ]);
  });

  it("refuses unknown types, unknown fields, bad values and templates that cannot render", () => {
    expect(issues({ type: "FAX", config: {} })[0]).toMatch(/^type: /);
    expect(issues({ type: "EMAIL", config: { address: "ops@example.com", cc: "x" } })[0]).toMatch(/^config: /);
    expect(issues({ type: "EMAIL", config: { address: "nope" } })[0]).toMatch(/^config.address: /);
    expect(issues({ type: "EMAIL", config: { address: "a@b.co" }, sslExpiryThreshold: 31 })[0]).toMatch(
      /^sslExpiryThreshold: /,
    );
    expect(issues({ type: "SLACK", config: { url: "ftp://x" } })[0]).toMatch(
      /^config.url: must be an http or https URL/,
    );
    const webhook = (config: object) => ({ type: "WEBHOOK", config: { name: "n", url: "https://e.com", ...config } });
    expect(issues(webhook({ webhookType: "WEBHOOK_SMOKE" }))[0]).toMatch(/^config.webhookType: /);
    expect(issues(webhook({ method: "TRACE" }))[0]).toMatch(/^config.method: /);
    expect(issues(webhook({ headers: [{ key: "X-A", value: "1\r\nX-B: 2" }] }))).toEqual([
      "config.headers.0.value: must not contain line breaks",
    ]);
    expect(issues(webhook({ headers: [{ key: "Bad Name", value: "1" }] }))[0]).toMatch(/must be an HTTP header name/);
    expect(issues(webhook({ template: "x".repeat(64 * 1024 + 1) }))[0]).toMatch(/^config.template: /);
    expect(issues(webhook({ webhookSecret: "whsec_!!" }))[0]).toMatch(/^config.webhookSecret: a whsec_ secret/);
    expect(issues({ type: "PAGERDUTY", config: {} })[0]).toMatch(/^config.serviceKey: /);
    expect(issues({ type: "OPSGENIE", config: { name: "og", apiKey: "k", region: "APAC" } })[0]).toMatch(
      /^config.region: /,
    );
  });

  it("takes subscriptions to a check or a group, not both", () => {
    const checkId = "0bbfc00c-44df-46a7-a4d9-ba38deca8bfd";
    const body = (subscription: object) => ({
      type: "EMAIL",
      config: { address: "a@b.co" },
      subscriptions: [subscription],
    });
    expect(CreateAlertChannelInput.parse(body({ checkId, activated: true })).subscriptions).toEqual([
      { checkId, activated: true },
    ]);
    expect(issues(body({ checkId, groupId: 3, activated: true }))).toEqual([
      "subscriptions.0.checkId: send either checkId or groupId, not both",
    ]);
    expect(issues(body({ activated: true }))).toHaveLength(1);
  });

  it("lets an update leave secrets out (null or omitted keeps them) and flags unchanged", () => {
    const update = UpdateAlertChannelInput.parse({ type: "PAGERDUTY", config: { serviceKey: null } });
    expect(update).toEqual({ type: "PAGERDUTY", config: { account: null, serviceName: null, serviceKey: null } });
    expect(UpdateAlertChannelInput.parse({ type: "OPSGENIE", config: { name: "og" } }).config).toMatchObject({
      name: "og",
    });
  });
});

describe("write-only channel config", () => {
  const stored = {
    name: "hook",
    url: "https://example.com/hook",
    webhookSecret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=",
    headers: [
      { key: "Authorization", value: "Bearer t0ken", locked: true },
      { key: "X-Team", value: "ops", locked: false },
    ],
    queryParameters: [{ key: "token", value: "q", locked: true }],
  };

  it("hides secrets and locked values in responses, URLs stay readable", () => {
    expect(redactChannelConfig(stored)).toEqual({
      name: "hook",
      url: "https://example.com/hook",
      webhookSecret: null,
      headers: [
        { key: "Authorization", value: null, locked: true },
        { key: "X-Team", value: "ops", locked: false },
      ],
      queryParameters: [{ key: "token", value: null, locked: true }],
    });
    expect(redactChannelConfig({ serviceKey: "s", account: "a" })).toEqual({ serviceKey: null, account: "a" });
    expect(redactChannelConfig({ apiKey: "s", name: "n" })).toEqual({ apiKey: null, name: "n" });
  });

  it("keeps stored secrets when a read config is sent back, takes new ones when sent", () => {
    expect(keepChannelSecrets(redactChannelConfig(stored), stored)).toEqual(stored);
    const changed = keepChannelSecrets(
      {
        ...redactChannelConfig(stored),
        webhookSecret: "new-secret",
        headers: [{ key: "Authorization", value: "Bearer 2", locked: true }],
      },
      stored,
    );
    expect(changed).toMatchObject({
      webhookSecret: "new-secret",
      headers: [{ key: "Authorization", value: "Bearer 2", locked: true }],
    });
    expect(keepChannelSecrets({ serviceKey: null }, null)).toEqual({ serviceKey: null });
  });

  it("drops locked header and query values when the URL changes, unless sent again (issue 25)", () => {
    const moved = keepChannelSecrets({ ...redactChannelConfig(stored), url: "https://evil.example/collect" }, stored);
    expect(moved).toMatchObject({
      url: "https://evil.example/collect",
      headers: [
        { key: "Authorization", value: null, locked: true },
        { key: "X-Team", value: "ops", locked: false },
      ],
      queryParameters: [{ key: "token", value: null, locked: true }],
    });
    expect(JSON.stringify(moved)).not.toMatch(/t0ken|"q"/);
    const resent = keepChannelSecrets(
      {
        ...redactChannelConfig(stored),
        url: "https://new.example/hook",
        headers: [{ key: "Authorization", value: "Bearer 1", locked: true }],
      },
      stored,
    );
    expect(resent).toMatchObject({ headers: [{ key: "Authorization", value: "Bearer 1", locked: true }] });
    // The webhook's signing secret is not tied to a host: it is kept.
    expect(moved.webhookSecret).toBe(stored.webhookSecret);
  });

  it("re-reads a stored config with its defaults for delivery", () => {
    expect(parseStoredChannel("SLACK", { url: "https://hooks.slack.com/x" })).toEqual({
      type: "SLACK",
      config: { url: "https://hooks.slack.com/x", channel: null },
    });
    expect(() => parseStoredChannel("SMS", {})).toThrow(/SMS alert channels are not supported/);
  });

  it("refuses at save a template that cannot render the decided sample, rendering it off the event loop", async () => {
    const refusal = (template: string) =>
      checkChannelTemplate({ template }).then(
        () => null,
        (error: ValidationError) => [error.message, error.keys],
      );
    expect(await refusal("{{CHECK_NAM}}")).toEqual([
      'config.template: template: "CHECK_NAM" not defined in the variables - 1:2',
      ["config.template"],
    ]);
    expect((await refusal("{{#each TAGS}}"))?.[0]).toMatch(/^config.template: template: Parse error/);
    expect((await refusal("{{lookup this 'constructor'}}"))?.[0]).toMatch(/unknown helper lookup/);
    expect(
      (await refusal("{{#each TAGS}}{{#each @root.TAGS}}{{#each @root.TAGS}}.{{/each}}{{/each}}{{/each}}"))?.[0],
    ).toMatch(/over 10000 block iterations/);
    expect(await refusal("{{CHECK_NAME}} {{json TAGS}}")).toBeNull();
    // Parsing and compiling 64 KiB of template takes hundreds of milliseconds: the event loop
    // keeps turning meanwhile (on it, not one turn would happen until the check returned).
    let turns = 0;
    const turn = () => {
      turns++;
      if (!done) setImmediate(turn);
    };
    let done = false;
    setImmediate(turn);
    await refusal("{{CHECK_NAME}} ".repeat(4000));
    done = true;
    expect(turns).toBeGreaterThan(10);
  });
});
