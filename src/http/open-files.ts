import { readFileSync } from "node:fs";

/** The process's open-files limit (the soft RLIMIT_NOFILE), or null where it cannot be read. */
export function openFilesLimit(limits = "/proc/self/limits"): number | null {
  try {
    const line = readFileSync(limits, "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * The connections the server may hold: MAX_CONNECTIONS, but never more than the open-files limit
 * leaves once a reserve is kept for the database, logs, lookups and outbound requests (the larger
 * of 128 and a fifth). Past it the process would fail to accept (EMFILE) and its normal requests
 * would be reset; a client over it gets our 503 instead. `configured` 0 (no cap) still keeps this one.
 */
export function connectionCap(configured: number, limit = openFilesLimit()): number {
  if (limit === null) return configured;
  const byFiles = Math.max(1, limit - Math.max(128, Math.ceil(limit * 0.2)));
  return configured > 0 ? Math.min(configured, byFiles) : byFiles;
}
