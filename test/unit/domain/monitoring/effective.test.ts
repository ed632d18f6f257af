import { describe, expect, it } from "vitest";
import { DEFAULT_ALERT_SETTINGS } from "../../../../src/domain/shared/schemas.js";
import {
  effectiveCheck,
  interpolate,
  type CheckSettings,
  type GroupSettings,
} from "../../../../src/domain/monitoring/effective.js";

const check = (over: Partial<CheckSettings> = {}): CheckSettings => ({
  activated: true,
  muted: false,
  locations: ["eu-west-1"],
  privateLocations: [],
  runtimeId: "2025.04",
  retryStrategy: null,
  doubleCheck: false,
  alertSettings: { escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 3 } },
  useGlobalAlertSettings: false,
  environmentVariables: [
    { key: "A", value: "check" },
    { key: "C", value: "check-only" },
  ],
  checkType: "API",
  request: {
    method: "GET",
    url: "{{GROUP_BASE_URL}}/health",
    headers: [
      { key: "X-Own", value: "1" },
      { key: "accept", value: "text/plain" },
    ],
    queryParameters: [],
    assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
    basicAuth: null,
  },
  ...over,
});
const group = (over: Partial<GroupSettings> = {}): GroupSettings => ({
  activated: true,
  muted: false,
  locations: ["us-east-1", "ap-south-1"],
  privateLocations: ["office"],
  runtimeId: "2026.04",
  retryStrategy: { type: "FIXED", baseBackoffSeconds: 5 },
  alertSettings: { escalationType: "TIME_BASED", timeBasedEscalation: { minutesFailingThreshold: 10 } },
  useGlobalAlertSettings: false,
  environmentVariables: [
    { key: "A", value: "group" },
    { key: "B", value: "group-only" },
  ],
  concurrency: 3,
  apiCheckDefaults: {
    url: "https://api.example.com/v1",
    headers: [
      { key: "Accept", value: "application/json" },
      { key: "X-Team", value: "core" },
    ],
    queryParameters: [{ key: "env", value: "prod" }],
    assertions: [{ source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "500" }],
    basicAuth: { username: "svc", password: "pw" },
  },
  ...over,
});

describe("a check with its group's defaults", () => {
  it("runs where the group runs, on its runtime, with variables merged (the check's win)", () => {
    const e = effectiveCheck(check(), group());
    expect(e.locations).toEqual(["us-east-1", "ap-south-1"]);
    expect(e.privateLocations).toEqual(["office"]);
    expect(e.runtimeId).toBe("2026.04");
    expect(e.environmentVariables).toEqual([
      { key: "B", value: "group-only" },
      { key: "A", value: "check" },
      { key: "C", value: "check-only" },
    ]);
  });

  it("merges the API defaults into the request", () => {
    expect(effectiveCheck(check(), group()).request).toEqual({
      method: "GET",
      url: "https://api.example.com/v1/health",
      headers: [
        { key: "X-Team", value: "core" },
        { key: "X-Own", value: "1" },
        { key: "accept", value: "text/plain" },
      ],
      queryParameters: [{ key: "env", value: "prod" }],
      assertions: [
        { source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "500" },
        { source: "STATUS_CODE", comparison: "EQUALS", target: "200" },
      ],
      basicAuth: { username: "svc", password: "pw" },
    });
  });

  it("takes the group's alert settings unless it uses the account's, and FALLBACK takes its retry strategy", () => {
    expect(effectiveCheck(check(), group()).alertSettings).toEqual({
      escalationType: "TIME_BASED",
      timeBasedEscalation: { minutesFailingThreshold: 10 },
    });
    expect(effectiveCheck(check(), group({ useGlobalAlertSettings: true })).alertSettings).toEqual(
      check().alertSettings,
    );
    expect(effectiveCheck(check({ useGlobalAlertSettings: true }), null).alertSettings).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(effectiveCheck(check({ retryStrategy: "FALLBACK" }), group()).retryStrategy).toMatchObject({
      type: "FIXED",
      baseBackoffSeconds: 5,
    });
    expect(effectiveCheck(check({ retryStrategy: null }), group()).retryStrategy).toBeNull();
  });

  it("is active only when its group is, and muted when its group is", () => {
    expect(effectiveCheck(check(), group({ activated: false })).activated).toBe(false);
    expect(effectiveCheck(check({ activated: false }), group()).activated).toBe(false);
    expect(effectiveCheck(check(), group({ muted: true })).muted).toBe(true);
  });

  it("without a group, keeps its own settings; a group without locations leaves the check's", () => {
    const alone = effectiveCheck(check(), null);
    expect(alone).toMatchObject({ locations: ["eu-west-1"], runtimeId: "2025.04", activated: true, muted: false });
    expect((alone.request as { url: string }).url).toBe("/health");
    expect(effectiveCheck(check(), group({ locations: [] })).locations).toEqual(["eu-west-1"]);
  });

  it("interpolates {{VARIABLES}}, leaving unknown names visible", () => {
    expect(
      interpolate("https://{{ HOST }}/x?t={{TOKEN}}&u={{UNKNOWN}}", [
        { key: "HOST", value: "h.test" },
        { key: "TOKEN", value: "s" },
      ]),
    ).toBe("https://h.test/x?t=s&u={{UNKNOWN}}");
  });
});
