import type { TryOutcome, ScriptSettings } from "../../domain/monitoring/tries.js";

export type ScriptKind = "BROWSER" | "MULTI_STEP" | "PLAYWRIGHT";
type Variable = { key: string; value: string | null; secret?: boolean };

export type ScriptCheck = {
  kind: ScriptKind;
  scripted: ScriptSettings;
  variables: readonly Variable[];
  degradedResponseTime: number | null;
  maxResponseTime: number | null;
  shouldFail: boolean;
};

/** The test file of a BROWSER or MULTI_STEP check: its script, with setup and teardown as hooks. */
export function scriptFile(scripted: ScriptSettings, fill: (text: string) => string): string {
  const hooks = [
    ...scripted.setupScripts.map((s) => `__vigilTest.beforeAll(async ({ request }) => {\n${fill(s)}\n});`),
    ...scripted.tearDownScripts.map((s) => `__vigilTest.afterAll(async ({ request }) => {\n${fill(s)}\n});`),
  ];
  const tail = hooks.length ? `\nimport { test as __vigilTest } from "@playwright/test";\n${hooks.join("\n")}\n` : "";
  return `${fill(scripted.script ?? "")}\n${tail}`;
}

export function outcomeOf(
  check: ScriptCheck,
  fields: {
    hasErrors: boolean;
    passed: boolean;
    responseTime: number;
    startedAt: Date;
    result: Record<string, unknown>;
  },
): TryOutcome {
  const reached = !fields.hasErrors;
  const over = check.maxResponseTime != null && reached ? fields.responseTime > check.maxResponseTime : null;
  const passed = reached && fields.passed && !over;
  const key = check.kind === "MULTI_STEP" ? "multiStepCheckResult" : "browserCheckResult";
  return {
    hasFailures: fields.hasErrors ? false : check.shouldFail ? passed : !passed,
    hasErrors: fields.hasErrors,
    isDegraded: check.degradedResponseTime != null && reached ? fields.responseTime > check.degradedResponseTime : null,
    overMaxResponseTime: over,
    networkError: false,
    responseTime: Math.round(fields.responseTime),
    startedAt: fields.startedAt,
    stoppedAt: new Date(),
    [key]: fields.result,
  };
}

/** A try that could not run (no Chromium, a bad project): hasErrors with the message. */
export function scriptErrorOutcome(check: ScriptCheck, message: string, startedAt = new Date()): TryOutcome {
  return outcomeOf(check, {
    hasErrors: true,
    passed: false,
    responseTime: 0,
    startedAt,
    result: {
      type: "PLAYWRIGHT_TEST",
      errors: [message],
      jobLog: null,
      jobAssets: null,
      pages: [],
      traceSummary: null,
    },
  });
}
