import { builder } from "../../builder.js";
import { ApiCheckResultAssertionRef } from "./api-result.js";

// What the runner stored beside each assertion (src/domain/monitoring/assertions.ts): the app
// shows which assertion failed and on what value, not only what was asserted.

const text = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === "string" ? value : JSON.stringify(value);

builder.objectFields(ApiCheckResultAssertionRef, (t) => ({
  comparison: t.string({ nullable: true, resolve: (a) => text((a as Record<string, unknown>).comparison) }),
  property: t.string({ nullable: true, resolve: (a) => text((a as Record<string, unknown>).property) }),
  regex: t.string({ nullable: true, resolve: (a) => text((a as Record<string, unknown>).regex) }),
  actual: t.string({
    nullable: true,
    description: "The value the run found (as text); null when it found none.",
    resolve: (a) => text((a as Record<string, unknown>).actual),
  }),
  passed: t.boolean({
    nullable: true,
    description: "Whether the assertion held; null for results recorded without a verdict.",
    resolve: (a) => {
      const passed = (a as Record<string, unknown>).passed;
      return typeof passed === "boolean" ? passed : null;
    },
  }),
}));
