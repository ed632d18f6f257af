/**
 * Environment variables marked `secret` are write-only: no response shows their value (REST and
 * GraphQL show null), and an update that sends a secret variable with value null keeps the
 * stored value, so a client can read a check, change something and send it back safely. The
 * engine reads the stored values directly.
 */
type Variable = { key: string; value: string | null; secret?: boolean };

export function redactSecrets<T extends Variable>(variables: T[] | null | undefined): T[] | null {
  if (!variables) return variables ?? null;
  return variables.map((variable) => (variable.secret ? { ...variable, value: null } : variable));
}

export function keepSecretValues<T extends Variable>(
  sent: T[] | null | undefined,
  stored: unknown,
): T[] | null | undefined {
  if (!sent || !Array.isArray(stored)) return sent;
  const storedSecrets = new Map((stored as Variable[]).filter((v) => v.secret).map((v) => [v.key, v.value]));
  return sent.map((variable) =>
    variable.secret && variable.value === null && storedSecrets.has(variable.key)
      ? { ...variable, value: storedSecrets.get(variable.key)! }
      : variable,
  );
}
