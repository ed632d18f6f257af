import { describe, expect, it } from "vitest";
import { scoreVital } from "../../../../src/engine/browser/results.js";
import { playwrightArgs } from "../../../../src/engine/browser/test-command.js";

describe("web vitals scores", () => {
  it("uses web.dev's thresholds: good, needs improvement, poor", () => {
    expect([scoreVital("LCP", 2500), scoreVital("LCP", 2501), scoreVital("LCP", 4001)].map((v) => v.score)).toEqual([
      "GOOD",
      "NEEDS_IMPROVEMENT",
      "POOR",
    ]);
    expect(scoreVital("CLS", 0.123456)).toEqual({ value: 0.123, score: "NEEDS_IMPROVEMENT" });
    expect(scoreVital("TBT", null)).toEqual({ value: null, score: null });
  });
});

describe("a PLAYWRIGHT check's command", () => {
  const project = { files: [], testCommand: null, pwProjects: [], pwTags: [], timeout: null };
  it("turns testCommand, pwProjects and pwTags into Playwright Test's arguments", () => {
    expect(
      playwrightArgs({
        ...project,
        testCommand: "npx playwright test e2e/shop.spec.ts",
        pwProjects: ["chromium"],
        pwTags: ["@smoke", "@a.b"],
      }),
    ).toEqual(["e2e/shop.spec.ts", "--project=chromium", "--grep=@smoke|@a\\.b"]);
    expect(playwrightArgs(project)).toEqual([]);
  });
  it("refuses other commands and the options Vigil sets", () => {
    expect(() => playwrightArgs({ ...project, testCommand: "bash -c 'curl evil'" })).toThrow(/npx playwright test/);
    expect(() => playwrightArgs({ ...project, testCommand: "npx playwright test --reporter=line" })).toThrow(
      /--reporter/,
    );
  });
});
