import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { PRIVATE_ADDRESS_SOURCE } from "../../src/engine/browser/fixture-source.js";
import { scoreVital } from "../../src/engine/browser/results.js";
import { playwrightArgs } from "../../src/engine/browser/test-command.js";
import { isPrivateAddress } from "../../src/engine/runners/targets.js";

describe("the run's copy of isPrivateAddress", () => {
  it("agrees with the service's on private, public and mapped addresses", () => {
    const copy = new Function("require", `${PRIVATE_ADDRESS_SOURCE}; return isPrivateAddress;`)(
      createRequire(import.meta.url),
    ) as (address: string) => boolean;
    const addresses = [
      "10.1.2.3",
      "127.0.0.1",
      "0.0.0.0",
      "169.254.1.1",
      "172.16.0.1",
      "172.32.0.1",
      "192.168.1.1",
      "100.64.0.1",
      "100.128.0.1",
      "8.8.8.8",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "2001:db8::1",
      "::ffff:10.0.0.1",
      "::ffff:8.8.8.8",
      "example.com",
    ];
    expect(addresses.map(copy)).toEqual(addresses.map(isPrivateAddress));
  });
});

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
