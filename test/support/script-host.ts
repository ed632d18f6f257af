// A stand-in for the service's process in the sandbox tests: started with secrets in its own
// environment (its /proc/<pid>/environ holds them, as `vigil serve`'s would), it runs one script
// check with the engine's runner and prints the result as JSON. Input: HOST_INPUT, JSON of
// { script, variables, allow }.
import { lstat } from "node:fs/promises";
import { runScriptCheck } from "../../src/engine/browser/run.js";
import { FairSlots } from "../../src/platform/fair-slots.js";
import { scriptSandbox } from "../../src/sandbox/index.js";

const input = JSON.parse(process.env.HOST_INPUT ?? "{}") as {
  script: string;
  variables: Record<string, string>;
  allow: string[];
};
const outcome = await runScriptCheck(
  {
    kind: "BROWSER",
    scripted: { script: input.script, setupScripts: [], tearDownScripts: [], frequency: 10 },
    variables: Object.entries(input.variables).map(([key, value]) => ({ key, value })),
    degradedResponseTime: null,
    maxResponseTime: null,
    shouldFail: false,
  },
  {
    chromiumPath: "/usr/bin/chromium",
    sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: true, privateTargetsAllow: input.allow }),
    slots: new FairSlots(1).for("account"),
  },
);
// What the result's recorder would copy: each asset's path and whether it is a plain file.
const assets = await Promise.all(
  (outcome.assets ?? []).map(async (a) => ({ kind: a.kind, path: a.path, file: (await lstat(a.path)).isFile() })),
);
await outcome.release?.();
process.stdout.write(
  `${JSON.stringify({ hasFailures: outcome.hasFailures, result: outcome.browserCheckResult, assets })}\n`,
);
