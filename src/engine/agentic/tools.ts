import { z } from "zod";
import type { ToolDefinition } from "./model.js";

const fn = (name: string, description: string, properties: Record<string, unknown>, required: string[] = []) =>
  ({
    type: "function",
    function: { name, description, parameters: { type: "object", properties, required, additionalProperties: false } },
  }) satisfies ToolDefinition;
const text = (description: string) => ({ type: "string", description });

/** The browser's tools and the final `report`, as OpenAI function tools. */
export const TOOLS: ToolDefinition[] = [
  fn("navigate", "Open a URL in the browser.", { url: text("An absolute http or https URL.") }, ["url"]),
  fn("click", "Click an element, found by CSS selector or by its visible text.", {
    selector: text("A CSS selector."),
    text: text("Visible text of the element (used instead of selector)."),
  }),
  fn(
    "fill",
    "Type a value into an input field. Write secrets as their {{NAME}} placeholder: it is replaced with the real value in the browser.",
    { selector: text("A CSS selector of the field."), value: text("The value to type.") },
    ["selector", "value"],
  ),
  fn("read_text", "Read the visible text of the page or of one element.", {
    selector: text("A CSS selector; the whole page when omitted."),
  }),
  fn("screenshot", "Take a screenshot of the page (kept with the result).", {}),
  fn(
    "report",
    "Finish: give the verdict of every assertion and a short summary. Call it exactly once, last.",
    {
      assertions: {
        type: "array",
        items: {
          type: "object",
          properties: {
            condition: text("The assertion, as given."),
            passed: { type: "boolean" },
            actual: text("What you observed."),
            expected: text("What the assertion required."),
          },
          required: ["condition", "passed", "actual", "expected"],
        },
      },
      summary: text("What you did and found, in one or two sentences."),
    },
    ["assertions", "summary"],
  ),
];

export const BROWSER_TOOLS = new Set(["navigate", "click", "fill", "read_text", "screenshot"]);

const loose = z.union([z.string(), z.number(), z.boolean()]).transform(String);
/** The `report` tool's arguments (or a JSON answer of the same shape). */
export const Report = z.object({
  assertions: z
    .array(
      z.object({
        condition: loose.optional(),
        passed: z.boolean(),
        actual: loose.nullish().transform((v) => v ?? ""),
        expected: loose.nullish().transform((v) => v ?? ""),
      }),
    )
    .max(100)
    .default([]),
  summary: loose.nullish().transform((v) => v ?? ""),
});
export type Report = z.output<typeof Report>;

/** A tool call's arguments: an object of JSON, else null (the model is told and may try again). */
export function parseArguments(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function systemPrompt(assertions: readonly string[], secretNames: readonly string[]): string {
  return [
    "You are a synthetic monitoring agent. You drive a real web browser through the tools given to check that a website works as the user describes.",
    "Work step by step: navigate, read, fill, click, take screenshots where useful. Do not invent observations: only report what the tools showed you.",
    secretNames.length
      ? `Secret values are hidden from you. Write them as their placeholders exactly (${secretNames.map((n) => `{{${n}}}`).join(", ")}) in fill; the browser types the real value.`
      : "",
    assertions.length
      ? `When done, call report with one entry per assertion, in this order:\n${assertions.map((a, i) => `${i + 1}. ${a}`).join("\n")}`
      : "When done, call report with the assertions you checked.",
    'If report cannot be called, answer with a JSON object {"assertions": [{"condition", "passed", "actual", "expected"}], "summary"}.',
  ]
    .filter(Boolean)
    .join("\n\n");
}
