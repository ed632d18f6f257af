import type { z } from "zod";

/**
 * Parses the variables `schema` names from `env` (an empty variable counts as unset), all at once,
 * for the service's and the agent's configuration alike. Every problem is one line naming its
 * variable, with the value given unless the variable is secret.
 */
export function parseEnvironment<T extends z.ZodObject>(
  schema: T,
  env: NodeJS.ProcessEnv,
  secret: ReadonlySet<string>,
): { data: z.output<T> } | { problems: string[] } {
  const relevant = Object.fromEntries(
    Object.keys(schema.shape).flatMap((key) => (env[key] === undefined || env[key] === "" ? [] : [[key, env[key]]])),
  );
  const parsed = schema.safeParse(relevant);
  if (parsed.success) return { data: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const value = relevant[name];
      const shown = secret.has(name) || value === undefined ? "" : ` (got ${JSON.stringify(value)})`;
      return `${name} ${issue.message}${shown}`;
    }),
  };
}

/** A configuration the program cannot start with: one line per problem. */
export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}
