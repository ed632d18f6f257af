import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextDelivery } from "../../../../src/domain/alert-notifications/delivery-rules.js";
import { compileTemplate, TEMPLATE_SAMPLE, TemplateError } from "../../../../src/domain/alert-templates/template.js";
import { alertVariables } from "../../../../src/domain/alert-templates/variables.js";
import { parseStoredChannel } from "../../../../src/domain/alert-channels/schemas.js";
import { checkChannelTemplate } from "../../../../src/domain/alert-channels/template-check.js";
import { deliver } from "../../../../src/delivery/index.js";
import { renderTemplate } from "../../../../src/domain/alert-templates/template-thread.js";
import { sampleInput } from "../../../support/alert-sample.js";
import { startReceiver } from "../../../support/receiver.js";

/** One tenant's template cannot stall the service. */
const each = (levels: number, inner = "x") =>
  "{{#each @root.TAGS}}".repeat(levels) + inner + "{{/each}}".repeat(levels);
// Without the time bound: on a loaded machine it may stop a render before the bound under test.
const renders = (source: string) => () => compileTemplate(source, Number.POSITIVE_INFINITY)(TEMPLATE_SAMPLE);

describe("template bounds", () => {
  it("stops nested loops at 10,000 block iterations, however deep", () => {
    for (const levels of [2, 3, 4, 6])
      expect(renders(each(levels)), `${levels}`).toThrow(/over 10000 block iterations/);
    expect(renders(each(1, "{{#if this}}{{this}}{{/if}}"))).not.toThrow(); // 200 passes
  });

  it("stops output at 64 KiB, counted while rendering", () => {
    expect(renders(each(1, "{{json @root.TAGS}}"))).toThrow(/over 64 KiB/);
    expect(renders(each(2, "{{json @root}}"))).toThrow(/over 64 KiB/);
    expect(renders(`${"{{json TAGS}}".repeat(3)}`)).toThrow(/over 64 KiB/);
    expect(renders("{{json TAGS}}")).not.toThrow();
  });

  it("refuses at save what breaks a bound on the sample with 100 long tags, naming the bound", async () => {
    const refusal = (template: string) =>
      checkChannelTemplate({ template }).then(
        () => null,
        (error: Error) => error.message,
      );
    expect(await refusal(each(3))).toMatch(
      /^config.template: template: (over 10000 block iterations|rendering took over 50 ms)$/,
    );
    expect(await refusal(each(1, "{{json @root.TAGS}}"))).not.toBeNull();
    expect(await refusal('{"tags": {{json TAGS}} }')).toBeNull();
    // A template stored before still parses for delivery, which renders it within the bounds.
    const config = { name: "h", url: "https://example.com/", template: each(4) };
    expect(parseStoredChannel("WEBHOOK", config).config.template).toBe(each(4));
  });
});

describe("rendering in the worker thread", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  const variables = alertVariables({ ...sampleInput, check: { ...sampleInput.check, tags: TEMPLATE_SAMPLE.TAGS } });

  it("renders a template, fails one over a bound, and serves the next", async () => {
    expect(await renderTemplate("{{CHECK_NAME}}: {{json TAGS.[0]}}", variables)).toBe(
      `${variables.CHECK_NAME}: "${variables.TAGS[0]}"`,
    );
    // The bound stops this render within milliseconds, too fast to count the main thread's turns:
    // that rendering is off the loop is shown with a 64 KiB template in alert-channel-schemas.
    const failed = await renderTemplate(each(4), variables).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TemplateError);
    expect((failed as Error).message).toMatch(/over 10000 block iterations|took over 50 ms/);
    expect(await renderTemplate("{{ALERT_TYPE}}", variables)).toBe("ALERT_FAILURE"); // the thread still serves
  });

  it("a delivery whose stored template breaks a bound fails saying so, sending nothing", async () => {
    const channel = parseStoredChannel("WEBHOOK", { name: "h", url: `${receiver.url}/in`, template: each(4) });
    const result = await deliver(
      channel,
      { notificationId: "n1", alertType: "ALERT_FAILURE", variables, now: new Date() },
      {
        smtpUrl: null,
        emailFrom: "v@localhost",
        pagerdutyEventsUrl: receiver.url,
        opsgenieApiUrl: null,
        telegramApiUrl: receiver.url,
        blockPrivateTargets: false,
      },
    );
    expect(nextDelivery({ tries: 1, result, now: new Date() })).toMatchObject({
      status: "FAILURE",
      notificationResult: expect.stringMatching(/^template: (over 10000 block iterations|rendering took over 50 ms)/),
    });
    expect(receiver.received).toEqual([]);
  });
});
