import type { z } from "zod";
import type { AgenticCheckResult } from "../../../domain/check-results/index.js";
import { builder } from "../../builder.js";

type AgenticResult = z.output<typeof AgenticCheckResult>;
type Item<K extends keyof AgenticResult> = NonNullable<AgenticResult[K]> extends readonly (infer T)[] ? T : never;

const AgenticAssertionRef = builder.objectRef<Item<"assertions">>("AgenticAssertion").implement({
  description: "A condition the agent evaluated.",
  fields: (t) => ({
    condition: t.string({ nullable: true, resolve: (v) => v.condition ?? null }),
    passed: t.boolean({ nullable: true, resolve: (v) => v.passed ?? null }),
    actual: t.string({ nullable: true, resolve: (v) => v.actual ?? null }),
    expected: t.string({ nullable: true, resolve: (v) => v.expected ?? null }),
  }),
});

const AgenticSuggestionRef = builder.objectRef<Item<"suggestions">>("AgenticSuggestion").implement({
  description: "A change to the check that the agent suggests.",
  fields: (t) => ({
    summary: t.string({ nullable: true, resolve: (v) => v.summary ?? null }),
    prompt: t.string({ nullable: true, resolve: (v) => v.prompt ?? null }),
    promptReplacement: t.string({
      nullable: true,
      resolve: (v) => v.promptReplacement ?? null,
      description: "The prompt with its secrets replaced by template placeholders.",
    }),
    secrets: t.stringList({
      nullable: true,
      resolve: (v) => v.secrets ?? null,
      description: "Names of the secrets the suggestion needs.",
    }),
    category: t.string({ nullable: true, resolve: (v) => v.category ?? null }),
  }),
});

const AgenticStepRef = builder.objectRef<Item<"steps">>("AgenticStep").implement({
  description: "One tool call, tool result or message of the agent's run.",
  fields: (t) => ({
    type: t.string({ nullable: true, resolve: (v) => v.type ?? null }),
    name: t.string({ nullable: true, resolve: (v) => v.name ?? null }),
    input: t.field({ type: "JSON", nullable: true, resolve: (v) => v.input ?? null }),
    output: t.string({ nullable: true, resolve: (v) => v.output ?? null }),
    // Stored as the runner's ISO string (validated when recorded); shown in UTC like every date.
    timestamp: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (s) => (s.timestamp ? new Date(s.timestamp) : null),
    }),
    sequenceNumber: t.int({ nullable: true, resolve: (v) => v.sequenceNumber ?? null }),
  }),
});

/** The spec's agenticCheckResult, typed; errors and artifactManifest have no inner shape (JSON). */
export const AgenticCheckResultRef = builder.objectRef<AgenticResult>("AgenticCheckResult").implement({
  description: "What an agentic check run concluded, step by step.",
  fields: (t) => ({
    summary: t.string({ nullable: true, resolve: (v) => v.summary ?? null }),
    prompt: t.string({ nullable: true, resolve: (v) => v.prompt ?? null }),
    assertions: t.field({ type: [AgenticAssertionRef], nullable: true, resolve: (r) => r.assertions ?? null }),
    suggestions: t.field({ type: [AgenticSuggestionRef], nullable: true, resolve: (r) => r.suggestions ?? null }),
    steps: t.field({ type: [AgenticStepRef], nullable: true, resolve: (r) => r.steps ?? null }),
    errors: t.field({ type: ["JSON"], nullable: true, resolve: (r) => r.errors ?? null }),
    artifactManifest: t.field({ type: "JSON", nullable: true, resolve: (r) => r.artifactManifest ?? null }),
  }),
});
