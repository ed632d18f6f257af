// AGENTIC runs against a scripted OpenAI-compatible server and a site on 127.0.0.1, with the real
// browser (Debian's Chromium in the sandbox).
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunnableCheck } from "../../../../src/domain/monitoring/tries.js";
import { isRunning } from "../../../../src/engine/browser/processes.js";
import { type AgenticOptions, runAgenticCheck } from "../../../../src/engine/agentic/run.js";
import { scriptSandbox } from "../../../../src/sandbox/index.js";

const sandbox = scriptSandbox({ scriptSandbox: true, blockPrivateTargets: false });
import { inOrder, type ModelAnswer, startChatModel, startSite } from "../../../support/chat-model.js";

const SECRET = "hunter2-secret";
const variables = [
  { key: "PASSWORD", value: SECRET, secret: true },
  { key: "USER_NAME", value: "alice" },
];
const agentic = (prompt: string, assertions: string[], timeoutSeconds: number | null = null): RunnableCheck => ({
  checkType: "AGENTIC",
  degradedResponseTime: null,
  maxResponseTime: null,
  shouldFail: false,
  agentic: { prompt, assertions, timeoutSeconds },
});

/** Retries `assert` until it passes (background work: a socket closing, processes going). */
async function until(assert: () => unknown | Promise<unknown>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assert();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** When a process started (clock ticks after boot, /proc/<pid>/stat's 22nd field): with its pid, who it is. */
async function startTime(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat === "" ? null : (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null);
}

/** Processes whose HOME is under `base`: the sandboxed runs' node and Chromium. */
async function processesUnder(base: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const environ = await readFile(`/proc/${name}/environ`, "utf8").catch(() => "");
    if (environ.split("\0").some((v) => v.startsWith(`HOME=${base}/`)) && (await isRunning(Number(name))))
      pids.push(Number(name));
  }
  return pids;
}

describe("AGENTIC runs", () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let workDir: string;
  beforeAll(async () => {
    site = await startSite();
    workDir = await mkdtemp(join(tmpdir(), "agentic-test-"));
  });
  afterAll(async () => {
    await site.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  async function run(
    answers: ModelAnswer[] | ((n: number) => ModelAnswer),
    check: RunnableCheck,
    extra: Partial<AgenticOptions> = {},
    signal?: AbortSignal,
  ) {
    const model = await startChatModel(Array.isArray(answers) ? inOrder(answers) : answers);
    try {
      const outcome = await runAgenticCheck(
        check,
        variables,
        { model: model.config, sandbox, workDir, ...extra },
        signal,
      );
      return { outcome, requests: model.requests, result: outcome.agenticCheckResult as Record<string, any> };
    } finally {
      await model.stop();
    }
  }

  it("drives the browser through the tools in the model's order and records steps and assertions; secrets only as placeholders", async () => {
    const before = site.received.length;
    const { outcome, requests, result } = await run(
      [
        { tool: "navigate", args: { url: site.url } },
        { tool: "fill", args: { selector: "#user", value: "{{USER_NAME}}" } },
        { tool: "fill", args: { selector: "#password", value: "{{PASSWORD}}" } },
        { tool: "click", args: { text: "Sign in" } },
        { tool: "read_text", args: { selector: "body" } },
        { tool: "screenshot", args: {} },
        {
          tool: "report",
          args: {
            assertions: [
              {
                condition: "The greeting names the user",
                passed: true,
                actual: "Welcome, alice",
                expected: "Welcome, alice",
              },
            ],
            summary: "Signed in as alice.",
          },
        },
      ],
      agentic(`Sign in at ${site.url} as {{USER_NAME}} with the password ${SECRET} (also known as {{PASSWORD}}).`, [
        "The greeting names the user",
      ]),
    );
    expect(outcome.hasFailures).toBe(false);
    expect(outcome.hasErrors).toBe(false);
    const calls = result.steps.filter((s: { type: string }) => s.type === "tool_call");
    expect(calls.map((s: { name: string }) => s.name)).toEqual([
      "navigate",
      "fill",
      "fill",
      "click",
      "read_text",
      "screenshot",
      "report",
    ]);
    expect(calls[2].input).toEqual({ selector: "#password", value: "{{PASSWORD}}" });
    const results = result.steps.filter((s: { type: string }) => s.type === "tool_result");
    expect(results.map((s: { name: string }) => s.name)).toEqual([
      "navigate",
      "fill",
      "fill",
      "click",
      "read_text",
      "screenshot",
    ]);
    expect(results[4].output).toContain("Welcome, alice");
    expect(results[4].output).toContain("You typed {{PASSWORD}}");
    expect(result.steps.map((s: { sequenceNumber: number }) => s.sequenceNumber)).toEqual(
      result.steps.map((_: unknown, i: number) => i + 1),
    );
    expect(result.steps.every((s: { timestamp: string }) => !Number.isNaN(Date.parse(s.timestamp)))).toBe(true);
    expect(result.assertions).toEqual([
      { condition: "The greeting names the user", passed: true, actual: "Welcome, alice", expected: "Welcome, alice" },
    ]);
    expect(result.summary).toBe("Signed in as alice.");
    // The page got the real values; the model never saw the secret, only its placeholder.
    expect(site.received.slice(before)).toEqual([{ user: "alice", password: SECRET }]);
    expect(requests).toHaveLength(7);
    for (const request of requests) expect(request.raw).not.toContain(SECRET);
    expect(requests[0]!.body.messages[1]!.content).toBe(
      `Sign in at ${site.url} as alice with the password {{PASSWORD}} (also known as {{PASSWORD}}).\n\nAssertions:\n1. The greeting names the user`,
    );
    expect(requests[0]!.headers.authorization).toBe("Bearer sk-test-model-key");
    expect(requests[0]!.body).toMatchObject({ model: "scripted", max_tokens: 1024 });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    // The screenshot is the try's asset, in the run's directory until the try is recorded.
    expect(outcome.assets).toHaveLength(1);
    expect(outcome.assets![0]).toMatchObject({
      kind: "screenshot",
      contentType: "image/png",
      name: "agent-screenshot-1.png",
    });
    expect(outcome.assets![0]!.size).toBeGreaterThan(1000);
    expect(existsSync(outcome.assets![0]!.path)).toBe(true);
    await outcome.release?.();
    expect(existsSync(outcome.assets![0]!.path)).toBe(false);
    expect(await processesUnder(workDir)).toEqual([]);
  });

  it("fails when an assertion failed or was not reported, with a screenshot of the page then", async () => {
    const { outcome, result } = await run(
      [
        { tool: "navigate", args: { url: site.url } },
        {
          tool: "report",
          args: {
            assertions: [
              { condition: "The page says Welcome", passed: false, actual: "Sign in form", expected: "Welcome" },
            ],
            summary: "Not signed in.",
          },
        },
      ],
      agentic("Check the page.", ["The page says Welcome", "The page has a logo"]),
    );
    expect(outcome.hasFailures).toBe(true);
    expect(outcome.hasErrors).toBe(false);
    expect(result.assertions).toEqual([
      { condition: "The page says Welcome", passed: false, actual: "Sign in form", expected: "Welcome" },
      {
        condition: "The page has a logo",
        passed: false,
        actual: "not reported by the agent",
        expected: "The page has a logo",
      },
    ]);
    expect(outcome.assets?.map((a) => a.kind)).toEqual(["screenshot"]);
    await outcome.release?.();
  });

  it("ends at once with hasErrors naming the missing variables", async () => {
    const outcome = await runAgenticCheck(agentic("Check the page.", []), variables, {
      model: { modelUrl: "http://127.0.0.1:9/v1", model: null, apiKey: null },
      sandbox,
    });
    expect(outcome).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(outcome.agenticCheckResult).toMatchObject({
      errors: [{ message: "AGENTIC checks cannot run here: AGENTIC_MODEL, AGENTIC_API_KEY not set" }],
    });
  });

  it("ends with hasErrors naming the package when Chromium is missing", async () => {
    const { outcome, result } = await run([{ tool: "navigate", args: { url: site.url } }], agentic("Open it.", []), {
      chromiumPath: "/nonexistent/chromium",
    });
    expect(outcome).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(result.errors[0].message).toMatch(
      /^the browser could not start: .*chromium.*\(Debian's chromium package, CHROMIUM_PATH\)$/,
    );
    expect(await processesUnder(workDir)).toEqual([]);
  });

  it("fails with a message when the model answers garbage, or a malformed report, and never crashes", async () => {
    const garbage = await run([{ raw: "<html>oops</html>" }], agentic("Check the page.", []));
    expect(garbage.outcome).toMatchObject({ hasFailures: true, hasErrors: false });
    expect(garbage.result.errors).toEqual([{ message: "the model's answer is not JSON: <html>oops</html>" }]);
    const notCompletion = await run([{ raw: '{"hello": 1}' }], agentic("Check the page.", []));
    expect(notCompletion.result.errors[0].message).toContain("not a chat completion");
    const status = await run([{ raw: '{"error": "overloaded"}', status: 503 }], agentic("Check the page.", []));
    expect(status.result.errors[0].message).toBe('the model answered HTTP 503: {"error": "overloaded"}');
    const badReport = await run([{ tool: "report", args: "{not json" }], agentic("Check the page.", ["x"]));
    expect(badReport.outcome.hasFailures).toBe(true);
    expect(badReport.result.errors[0].message).toContain("report is malformed");
    const chatter = await run([{ text: "I think it works." }], agentic("Check the page.", []));
    expect(chatter.result.errors[0].message).toBe("the model answered without calling a tool or giving a report");
    const json = await run(
      [
        {
          text: '```json\n{"assertions": [{"condition": "up", "passed": true, "actual": "up", "expected": "up"}], "summary": "fine"}\n```',
        },
      ],
      agentic("Check the page.", ["up"]),
    );
    expect(json.outcome.hasFailures).toBe(false);
    expect(json.result.summary).toBe("fine");
    const huge = await run([{ raw: `{"choices": "${"x".repeat(1_100_000)}"}` }], agentic("Check the page.", []));
    expect(huge.result.errors).toEqual([{ message: "the model's answer is larger than 1048576 bytes" }]);
    const silent = await run([{ hang: true }], agentic("Check the page.", []), { modelTimeoutMs: 500 });
    expect(silent.outcome.hasFailures).toBe(true);
    expect(silent.result.errors).toEqual([{ message: "the model did not answer within 500 ms" }]);
    for (const r of [garbage, notCompletion, status, badReport, chatter, json, huge, silent])
      await r.outcome.release?.();
  });

  it("keeps secrets out of the assertions too: sent and recorded with their placeholder", async () => {
    const { outcome, requests, result } = await run(
      [
        {
          text: JSON.stringify({
            assertions: [
              { condition: "Token {{PASSWORD}} accepted", passed: true, actual: "accepted", expected: "accepted" },
            ],
            summary: "ok",
          }),
        },
      ],
      agentic("Check the token.", [`Token ${SECRET} accepted`]),
    );
    expect(outcome.hasFailures).toBe(false);
    expect(result.assertions).toEqual([
      { condition: "Token {{PASSWORD}} accepted", passed: true, actual: "accepted", expected: "accepted" },
    ]);
    expect(requests[0]!.raw).toContain("Token {{PASSWORD}} accepted");
    expect(requests[0]!.raw).not.toContain(SECRET);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it("stops a model that never reports after maxSteps requests", async () => {
    const { outcome, requests, result } = await run(() => ({ tool: "read_text", args: {} }), agentic("Loop.", []), {
      maxSteps: 4,
    });
    expect(requests).toHaveLength(4);
    expect(outcome.hasFailures).toBe(true);
    expect(result.errors).toEqual([{ message: "the agent did not report within 4 steps" }]);
    await outcome.release?.();
  });

  it("kills the browser at the check's time limit", async () => {
    const hangs = site.hanging.length;
    const { outcome, result } = await run(
      [
        { tool: "navigate", args: { url: `${site.url}/hang` } },
        { tool: "report", args: { assertions: [], summary: "" } },
      ],
      agentic("Open the slow page.", [], 10),
    );
    expect(outcome.hasFailures).toBe(true);
    expect(result.errors).toContainEqual({ message: "the run took longer than 10 s and was stopped" });
    expect(site.hanging.length).toBe(hangs + 1);
    await until(() => expect(site.hanging[hangs]!.closed).toBe(true));
    expect(await processesUnder(workDir)).toEqual([]);
  });

  it("kills the browser when the run is cancelled", async () => {
    const hangs = site.hanging.length;
    const cancel = new AbortController();
    const running = run(
      [
        { tool: "navigate", args: { url: `${site.url}/hang` } },
        { tool: "report", args: { assertions: [], summary: "" } },
      ],
      agentic("Open the slow page.", []),
      {},
      cancel.signal,
    );
    await until(() => expect(site.hanging.length).toBe(hangs + 1));
    const pids = await processesUnder(workDir);
    expect(pids.length).toBeGreaterThan(1);
    const started = await Promise.all(pids.map(startTime));
    cancel.abort();
    await running;
    // A killed process leaves its environment before it is gone (a large one takes a while on a busy
    // host): each pid is waited for too. A pid may already be another process's (pids wrap at
    // 32,768 here): the same start time is the same process.
    await until(async () => {
      expect(await processesUnder(workDir)).toEqual([]);
      for (const [i, pid] of pids.entries())
        expect((await isRunning(pid)) && (await startTime(pid)) === started[i]).toBe(false);
    });
  });

  it("ends with hasErrors naming Debian's bubblewrap package when bwrap is missing, asking the model nothing", async () => {
    const { outcome, requests } = await run([{ tool: "navigate", args: { url: site.url } }], agentic("Open it.", []), {
      sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: false, bwrapPath: "/nowhere/bwrap" }),
    });
    expect(outcome).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(JSON.stringify(outcome.agenticCheckResult)).toMatch(/Debian's `bubblewrap` package/);
    expect(requests).toHaveLength(0);
  });

  it("drives the browser as a plain child process under SCRIPT_SANDBOX=off (unsafe)", async () => {
    const { outcome, result } = await run(
      [
        { tool: "navigate", args: { url: site.url } },
        { tool: "read_text", args: { selector: "button" } },
        { tool: "report", args: { assertions: [], summary: "read it" } },
      ],
      agentic("Read the button.", []),
      { sandbox: scriptSandbox({ scriptSandbox: false, blockPrivateTargets: false }) },
    );
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false });
    const read = result.steps.find(
      (s: { type: string; name: string }) => s.type === "tool_result" && s.name === "read_text",
    );
    expect(read.output).toBe("Sign in");
  });

  it("refuses navigations to private addresses under BLOCK_PRIVATE_TARGETS", async () => {
    const before = site.received.length;
    const hangs = site.hanging.length;
    const { result } = await run(
      [
        { tool: "navigate", args: { url: `${site.url}/hang` } },
        { tool: "report", args: { assertions: [], summary: "blocked" } },
      ],
      agentic("Open the page.", []),
      { sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: true }) },
    );
    const navigate = result.steps.find(
      (s: { type: string; name: string }) => s.type === "tool_result" && s.name === "navigate",
    );
    expect(navigate.output).toMatch(/^error: refused: 127\.0\.0\.1 .*BLOCK_PRIVATE_TARGETS/);
    expect(site.hanging.length).toBe(hangs);
    expect(site.received.length).toBe(before);
  });
});
