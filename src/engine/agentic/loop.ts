import type { ToolReply } from "./browser.js";
import { type ChatMessage, chat, ModelError, type ModelEndpoint, type ModelLimits } from "./model.js";
import type { Secrets } from "./secrets.js";
import { BROWSER_TOOLS, parseArguments, Report, systemPrompt, TOOLS } from "./tools.js";

export type AgentStep = {
  type: "tool_call" | "tool_result" | "message";
  name?: string;
  input?: Record<string, unknown>;
  output?: string;
  timestamp: string;
  sequenceNumber: number;
};
export type AgentAssertion = { condition: string; passed: boolean; actual: string; expected: string };
export type AgentOutcome = {
  steps: AgentStep[];
  assertions: AgentAssertion[];
  summary: string | null;
  errors: { message: string }[];
  screenshots: { path: string; size: number }[];
};

export type AgentTask = {
  endpoint: ModelEndpoint;
  limits: ModelLimits & { maxSteps: number; toolTimeoutMs: number };
  prompt: string;
  assertions: readonly string[];
  secrets: Secrets;
  /** Runs one browser tool (in the browser child); values arrive with their secrets revealed. */
  tool: (name: string, args: Record<string, unknown>, timeoutMs: number) => Promise<ToolReply>;
  /** Aborted at the run's deadline or when it is cancelled. */
  signal: AbortSignal;
  now?: () => Date;
};

const OUTPUT_CAP = 500;

/** The check's assertions with the agent's verdicts; one the agent did not report fails. */
function verdicts(asked: readonly string[], report: Report): AgentAssertion[] {
  if (!asked.length)
    return report.assertions.map((a) => ({
      condition: a.condition ?? "",
      passed: a.passed,
      actual: a.actual,
      expected: a.expected,
    }));
  return asked.map((condition, index) => {
    const given =
      report.assertions.find((a) => a.condition?.trim().toLowerCase() === condition.toLowerCase()) ??
      (report.assertions[index]?.condition === undefined ? report.assertions[index] : undefined);
    return given
      ? { condition, passed: given.passed, actual: given.actual, expected: given.expected }
      : { condition, passed: false, actual: "not reported by the agent", expected: condition };
  });
}

/** A JSON answer instead of the report tool: the whole content, or a ```json block in it. */
function reportInText(content: string): Report | null {
  const candidates = [content, /```(?:json)?\s*([\s\S]*?)```/.exec(content)?.[1] ?? ""];
  for (const candidate of candidates) {
    const args = candidate.includes('"assertions"') ? parseArguments(candidate.trim()) : null;
    const parsed = args ? Report.safeParse(args) : null;
    if (parsed?.success) return parsed.data;
  }
  return null;
}

/**
 * The agent's loop: the model is asked, each tool it calls runs in the browser and its output goes
 * back, until it reports (the `report` tool or a JSON answer). Bounded by `maxSteps` model
 * requests and by the task's signal (the run's wall-clock limit or a cancellation). Everything
 * sent and recorded has the check's secrets hidden. A model that cannot be reached, or answers
 * with something other than a tool call or a report, ends the run with an error, never a crash.
 */
export async function runAgent(task: AgentTask): Promise<AgentOutcome> {
  const now = task.now ?? (() => new Date());
  const { secrets } = task;
  const out: AgentOutcome = { steps: [], assertions: [], summary: null, errors: [], screenshots: [] };
  const step = (s: Omit<AgentStep, "timestamp" | "sequenceNumber">) =>
    out.steps.push({ ...s, timestamp: now().toISOString(), sequenceNumber: out.steps.length + 1 });
  // The assertions as the model sees them (and as they are recorded): secrets as placeholders.
  const asked = task.assertions.map((a) => secrets.prompt(a));
  const assertionsText = asked.length ? `\n\nAssertions:\n${asked.map((a, i) => `${i + 1}. ${a}`).join("\n")}` : "";
  const messages: ChatMessage[] = [
    {
      role: "system",
      content: systemPrompt(asked, secrets.names),
    },
    { role: "user", content: secrets.prompt(task.prompt) + assertionsText },
  ];
  const finish = (report: Report) => {
    out.assertions = verdicts(asked, report).map((a) => secrets.hideDeep(a));
    out.summary = secrets.hide(report.summary);
    return out;
  };

  for (let request = 0; request < task.limits.maxSteps; request++) {
    if (task.signal.aborted) return out;
    let answer: Awaited<ReturnType<typeof chat>>;
    try {
      answer = await chat(task.endpoint, { messages, tools: TOOLS, limits: task.limits, signal: task.signal });
    } catch (error) {
      if (task.signal.aborted) return out;
      out.errors.push({
        message: error instanceof ModelError ? error.message : `the model request failed: ${String(error)}`,
      });
      return out;
    }
    messages.push({
      role: "assistant",
      content: answer.content,
      ...(answer.tool_calls.length ? { tool_calls: answer.tool_calls } : {}),
    });
    if (answer.content) step({ type: "message", output: secrets.hide(answer.content).slice(0, 2_000) });
    if (!answer.tool_calls.length) {
      const report = answer.content ? reportInText(answer.content) : null;
      if (report) return finish(report);
      out.errors.push({ message: "the model answered without calling a tool or giving a report" });
      return out;
    }
    for (const call of answer.tool_calls) {
      const name = call.function.name;
      const args = parseArguments(call.function.arguments);
      step({
        type: "tool_call",
        name,
        input: secrets.hideDeep(args ?? { arguments: call.function.arguments.slice(0, 500) }),
      });
      if (name === "report") {
        const parsed = args ? Report.safeParse(args) : null;
        if (parsed?.success) return finish(parsed.data);
        out.errors.push({
          message:
            "the model's report is malformed (expected assertions[] with passed, actual, expected, and a summary)",
        });
        return out;
      }
      let output: string;
      if (!args) output = "error: the arguments are not a JSON object";
      else if (!BROWSER_TOOLS.has(name)) output = `error: there is no tool named ${name}`;
      else {
        const real =
          name === "fill" && typeof args.value === "string" ? { ...args, value: secrets.reveal(args.value) } : args;
        const reply = await task.tool(name, real, task.limits.toolTimeoutMs);
        if (task.signal.aborted) return out;
        if (reply.screenshot) out.screenshots.push(reply.screenshot);
        output = secrets.hide(reply.error ? `error: ${reply.error}` : (reply.output ?? ""));
      }
      step({ type: "tool_result", name, output: output.slice(0, OUTPUT_CAP) });
      messages.push({ role: "tool", tool_call_id: call.id, content: output });
    }
  }
  out.errors.push({ message: `the agent did not report within ${task.limits.maxSteps} steps` });
  return out;
}
