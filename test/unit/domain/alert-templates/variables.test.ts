import { describe, expect, it } from "vitest";
import { ALERT_TYPES } from "../../../../src/domain/alert-rules/decide.js";
import { compileTemplate, TemplateError } from "../../../../src/domain/alert-templates/template.js";
import { sampleInput } from "../../../support/alert-sample.js";
import {
  alertKind,
  alertVariables,
  channelReceives,
  VARIABLE_NAMES,
} from "../../../../src/domain/alert-templates/variables.js";

describe("alert variables", () => {
  it("fills every variable of docs/decisions.md from the check, group and result", () => {
    const v = alertVariables(sampleInput);
    expect(Object.keys(v).sort()).toEqual([...VARIABLE_NAMES].sort());
    expect(v).toEqual({
      ALERT_TITLE: "Checkout API is failing",
      ALERT_TYPE: "ALERT_FAILURE",
      CHECK_NAME: "Checkout API",
      CHECK_ID: "3f1c5a52-0e0a-4c3e-9a57-2b2e2f5d0c11",
      CHECK_TYPE: "API",
      CHECK_RESULT_ID: "9c1d3c1e-1111-4a4a-8b8b-000000000001",
      CHECK_ERROR_MESSAGE: 'expected 200, got 503 "unavailable"',
      CHECK_DESCRIPTION: "Pays for things",
      GROUP_NAME: "Shop",
      RUN_LOCATION: "eu-west-1",
      RESPONSE_TIME: 1234,
      API_CHECK_RESPONSE_STATUS_CODE: 503,
      API_CHECK_RESPONSE_STATUS_TEXT: "Service Unavailable",
      STARTED_AT: "2026-01-01T10:00:00.000Z",
      TAGS: ["prod", "payments"],
      RESULT_LINK:
        "https://vigil.example.com/v1/check-results/3f1c5a52-0e0a-4c3e-9a57-2b2e2f5d0c11/9c1d3c1e-1111-4a4a-8b8b-000000000001",
      IS_REMINDER: false,
      REMINDER_SEQUENCE: 0,
    });
  });

  it("has empty values and a link to the check when there is no result, group or description; counts reminders", () => {
    const v = alertVariables({
      alertType: "ALERT_FAILURE_REMAIN",
      check: { id: "c1", name: "Heartbeat", checkType: "HEARTBEAT" },
      result: null,
      baseUrl: "http://localhost:3000",
      reminder: 2,
    });
    expect(v).toMatchObject({
      ALERT_TITLE: "Heartbeat is still failing",
      CHECK_RESULT_ID: "",
      GROUP_NAME: "",
      CHECK_DESCRIPTION: "",
      RESPONSE_TIME: null,
      TAGS: [],
      RESULT_LINK: "http://localhost:3000/v1/checks/c1",
      IS_REMINDER: true,
      REMINDER_SEQUENCE: 2,
    });
  });

  it("has a readable title for every alert type", () => {
    const titles = ALERT_TYPES.map((alertType) => alertVariables({ ...sampleInput, alertType }).ALERT_TITLE);
    expect(titles).toEqual([
      "Checkout API is failing",
      "Checkout API is still failing",
      "Checkout API is degraded and no longer failing",
      "Checkout API has recovered",
      "Checkout API is degraded",
      "Checkout API is still degraded",
      "Checkout API was degraded and is now failing",
      "Checkout API is no longer degraded",
      "Checkout API is flapping",
    ]);
  });

  it("sorts alert types into failure, degraded and recovery for the channel filters", () => {
    expect(ALERT_TYPES.map(alertKind)).toEqual([
      "FAILURE",
      "FAILURE",
      "DEGRADED",
      "RECOVERY",
      "DEGRADED",
      "DEGRADED",
      "FAILURE",
      "RECOVERY",
      "FAILURE",
    ]);
    const onlyFailures = { sendFailure: true, sendDegraded: false, sendRecovery: false };
    expect(ALERT_TYPES.filter((type) => channelReceives(onlyFailures, type))).toEqual([
      "ALERT_FAILURE",
      "ALERT_FAILURE_REMAIN",
      "ALERT_DEGRADED_FAILURE",
      "ALERT_FLAPPING",
    ]);
  });
});

describe("webhook templates", () => {
  const v = alertVariables({ ...sampleInput, reminder: 0 });

  it("render every variable", () => {
    const source = VARIABLE_NAMES.map((name) => `${name}={{${name}}}`).join("\n");
    expect(compileTemplate(source)(v).split("\n")).toEqual([
      "ALERT_TITLE=Checkout API is failing",
      "ALERT_TYPE=ALERT_FAILURE",
      "CHECK_NAME=Checkout API",
      "CHECK_ID=3f1c5a52-0e0a-4c3e-9a57-2b2e2f5d0c11",
      "CHECK_TYPE=API",
      "CHECK_RESULT_ID=9c1d3c1e-1111-4a4a-8b8b-000000000001",
      "CHECK_ERROR_MESSAGE=expected 200, got 503 &quot;unavailable&quot;",
      "CHECK_DESCRIPTION=Pays for things",
      "GROUP_NAME=Shop",
      "RUN_LOCATION=eu-west-1",
      "RESPONSE_TIME=1234",
      "API_CHECK_RESPONSE_STATUS_CODE=503",
      "API_CHECK_RESPONSE_STATUS_TEXT=Service Unavailable",
      "STARTED_AT=2026-01-01T10:00:00.000Z",
      "TAGS=prod,payments",
      "RESULT_LINK=https://vigil.example.com/v1/check-results/3f1c5a52-0e0a-4c3e-9a57-2b2e2f5d0c11/9c1d3c1e-1111-4a4a-8b8b-000000000001",
      "IS_REMINDER=false",
      "REMINDER_SEQUENCE=0",
    ]);
  });

  it("write JSON with {{json}}, loop over tags and branch on values", () => {
    const source =
      '{"text": {{json ALERT_TITLE}}, "error": {{json CHECK_ERROR_MESSAGE}}, "tags": [{{#each TAGS}}"{{this}}"{{#unless @last}},{{/unless}}{{/each}}], "reminder": {{#if IS_REMINDER}}true{{else}}false{{/if}}, "code": {{json API_CHECK_RESPONSE_STATUS_CODE}} }';
    expect(JSON.parse(compileTemplate(source)(v))).toEqual({
      text: "Checkout API is failing",
      error: 'expected 200, got 503 "unavailable"',
      tags: ["prod", "payments"],
      reminder: false,
      code: 503,
    });
  });

  it.each([
    "{{constructor.constructor}}",
    "{{constructor.constructor 'return process'}}",
    "{{__proto__}}",
    "{{#with CHECK_NAME}}{{constructor.constructor}}{{/with}}",
    "{{lookup this 'constructor'}}",
    "{{log CHECK_NAME}}",
    "{{helperMissing}}",
    "{{NOT_A_VARIABLE}}",
    "{{#if}}",
  ])("refuse %s with a TemplateError", (source) => {
    expect(() => compileTemplate(source)(v)).toThrow(TemplateError);
  });

  it("never reach a prototype through a string or array value", () => {
    const probes = [
      '{{#with "s" as |string|}}[{{string.constructor}}][{{string.constructor.constructor}}]{{/with}}',
      "{{#each TAGS}}[{{this.constructor}}]{{/each}}",
      "{{#with TAGS as |t|}}[{{t.constructor.name}}][{{t.__proto__}}]{{/with}}",
    ];
    for (const source of probes) {
      let output = "";
      try {
        output = compileTemplate(source)(v);
      } catch (error) {
        expect(error).toBeInstanceOf(TemplateError);
      }
      expect(output).not.toMatch(/function|native code|Array|String|Object/);
    }
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, "pwned")).toBe(false);
  });
});
