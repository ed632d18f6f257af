// Issue 25, point 7: one account's browser checks cannot hold BROWSER_CONCURRENCY from another's.
import { describe, expect, it, vi } from "vitest";
import { defaultRunners } from "../../../../src/engine/runners/index.js";
import { effectiveWith } from "../../../support/effective.js";

vi.setConfig({ testTimeout: 180_000 });

describe("browser places between accounts", () => {
  it("runs a second account's check after one turn while the first has 50 waiting", async () => {
    // One place (BROWSER_CONCURRENCY=1), as a small instance has.
    const runners = defaultRunners({ blockPrivateTargets: false, browser: { concurrency: 1 } });
    const finished: string[] = [];
    const check = (accountId: string) => ({
      accountId,
      checkType: "BROWSER",
      degradedResponseTime: null,
      maxResponseTime: null,
      shouldFail: false,
      scripted: {
        script: `import { test } from "@playwright/test";\ntest("quick", async () => {});\n`,
        setupScripts: [],
        tearDownScripts: [],
        frequency: 10,
      },
    });
    const start = (accountId: string, label: string) => {
      const cancel = new AbortController();
      const done = runners.BROWSER!(check(accountId), effectiveWith({}), "eu-west-1", cancel.signal).then((outcome) => {
        finished.push(label);
        return outcome;
      });
      return { cancel, done };
    };
    const first = Array.from({ length: 51 }, (_, i) => start("account-a", `a${i}`));
    const second = start("account-b", "b");
    const outcome = await second.done;
    for (const run of first) run.cancel.abort(new Error("test over"));
    await Promise.all(first.map((run) => run.done));
    expect(outcome).toMatchObject({ hasErrors: false, hasFailures: false });
    // a0 held the place; a1 had its turn queued before b asked; then b, not after a50.
    expect(finished.indexOf("b")).toBeLessThanOrEqual(2);
  });
});
