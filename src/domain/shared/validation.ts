import type { z } from "zod";
import { ValidationError, type ValidationSource } from "./errors.js";

/** Dotted path with numeric indexes, as docs/decisions.md shows: `locations.1`, `alertSettings.reminders.amount`. */
export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join(".");
}

/** Parses with a domain schema; a failure becomes one ValidationError naming every offending field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: ValidationSource = "payload",
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  // An unknown property is reported at its own path (`request.foo`), not at its parent's.
  const issues: { path: PropertyKey[]; message: string }[] = parsed.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ path: [...issue.path, key], message: "unknown property" }))
      : [{ path: issue.path, message: issue.message }],
  );
  // A problem with the body as a whole (an array, a string) names no field: no key for it.
  const keys = [...new Set(issues.map((issue) => issuePath(issue.path)).filter((key) => key !== ""))];
  const message = issues
    .map((issue) => (issue.path.length ? `${issuePath(issue.path)}: ${issue.message}` : issue.message))
    .join("; ");
  throw new ValidationError(message, keys, source);
}
