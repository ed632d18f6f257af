/** A value as one POSIX shell word: single quotes, a quote inside closed, escaped and reopened. */
export const shellWord = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The command that runs an agent of a location with `key` against this service (README, "Private locations"). */
export function agentCommand(key: string, origin: string): string {
  return `API_KEY=${shellWord(key)} VIGIL_URL=${shellWord(origin)} npx vigil agent`;
}
