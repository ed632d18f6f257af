import { REDACTED, scrubText } from "../domain/monitoring/scrub.js";

/** Credentials that are recognisable by their shape, whatever their value. */
const PATTERNS: [RegExp, string][] = [
  // user:password@ in a URL (also inside JSON or a message).
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'<>]*):[^\s@/"'<>]+@/gi, `$1:${REDACTED}@`],
  // Authorization values: Bearer / Basic tokens, and our own key kinds.
  [/\b(Bearer|Basic)(\s+|%20)[A-Za-z0-9._~+/=%-]+/gi, `$1$2${REDACTED}`],
  [/\b(pl|vg|sp)_[A-Za-z0-9_-]{16,}/g, REDACTED],
];

/**
 * What the agent must never write or send: its key, the service URL, and while a run is under way
 * the run's secrets (secret variables, basic-auth passwords, Authorization header values), in
 * plain, URL-encoded and JSON-escaped forms. Applied to every log line, every error report and
 * every posted result.
 */
export function createScrubber(fixed: readonly string[], logsOnly: readonly string[] = []) {
  const active = new Map<string, number>();
  let list: string[] = [];
  let logList: string[] = [];
  const forms = (values: string[]) => {
    const kept = values.filter((v) => v.length >= 3);
    return [...new Set([...kept, ...kept.map((v) => JSON.stringify(v).slice(1, -1))])].sort(
      (a, b) => b.length - a.length,
    );
  };
  const rebuild = () => {
    list = forms([...fixed, ...active.keys()]);
    logList = forms([...fixed, ...logsOnly, ...active.keys()]);
  };
  rebuild();

  /** `log`: also the values only logs must not show (the service URL: a result may name it on purpose). */
  function text(value: string, log = false): string {
    let out = scrubText(value, log ? logList : list);
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
    return out;
  }

  /** Every string (and key) of a JSON-shaped value. */
  function deep<T>(value: T): T {
    if (typeof value === "string") return text(value) as T;
    if (Array.isArray(value)) return value.map(deep) as T;
    if (value instanceof Date) return value;
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), deep(v)])) as T;
    return value;
  }

  return {
    text,
    deep,
    /** Adds a run's secrets while it runs; the returned function removes them again. */
    add(secrets: readonly string[]): () => void {
      for (const s of secrets) active.set(s, (active.get(s) ?? 0) + 1);
      rebuild();
      return () => {
        for (const s of secrets) {
          const left = (active.get(s) ?? 1) - 1;
          if (left <= 0) active.delete(s);
          else active.set(s, left);
        }
        rebuild();
      };
    },
  };
}

export type Scrubber = ReturnType<typeof createScrubber>;
