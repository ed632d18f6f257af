// The physical limit for the check-results bench: node:http, one prepared better-sqlite3
// statement per list, answering the same JSON as Vigil. Run as a child process by
// bench/check-results.ts: tsx bench/support/baseline-server.ts <port> <sqlite path>
import { createServer } from "node:http";
import Database from "better-sqlite3";
import { cursor, stamp } from "./sqlite-format.js";

/** The physical limit: node:http, one prepared statement per list, the same JSON as Vigil. */
export async function serveBaseline(port: number, path: string) {
  const db = new Database(path, { readonly: true });
  const select = `SELECT id, name, checkId, hasFailures, hasErrors, isDegraded, isCancelled, overMaxResponseTime, runLocation, startedAt, stoppedAt,
    createdAt, responseTime, apiCheckResult, browserCheckResult, multiStepCheckResult, agenticCheckResult, sslCheckResult, checkRunId, attempts, resultType, sequenceId,
    errorGroupIds FROM "CheckResult" WHERE checkId = ? AND resultType = 'FINAL'`;
  const order = "ORDER BY startedAt DESC, id DESC LIMIT ?";
  const first = db.prepare(`${select} ${order}`);
  const after = db.prepare(`${select} AND startedAt <= ? AND (startedAt < ? OR (startedAt = ? AND id < ?)) ${order}`);
  const windowed = db.prepare(`${select} AND startedAt >= ? AND startedAt < ? ${order} OFFSET ?`);
  type Row = Record<string, string | number | null>;
  const date = (value: unknown) => (value === null ? null : (value as string).replace("+00:00", "Z"));
  const flag = (value: unknown) => (value === null ? null : value === 1);
  const json = (value: unknown) => (value === null ? null : JSON.parse(value as string));
  const entry = (r: Row) => ({
    id: r.id,
    name: r.name,
    checkId: r.checkId,
    hasFailures: r.hasFailures === 1,
    hasErrors: r.hasErrors === 1,
    isDegraded: flag(r.isDegraded),
    isCancelled: r.isCancelled === 1,
    overMaxResponseTime: flag(r.overMaxResponseTime),
    runLocation: r.runLocation,
    startedAt: date(r.startedAt),
    stoppedAt: date(r.stoppedAt),
    created_at: date(r.createdAt),
    responseTime: r.responseTime,
    apiCheckResult: json(r.apiCheckResult),
    browserCheckResult: json(r.browserCheckResult),
    multiStepCheckResult: json(r.multiStepCheckResult),
    agenticCheckResult: json(r.agenticCheckResult),
    sslCheckResult: json(r.sslCheckResult),
    checkRunId: r.checkRunId,
    attempts: r.attempts,
    resultType: r.resultType,
    sequenceId: r.sequenceId,
    errorGroupIds: json(r.errorGroupIds) ?? [],
  });
  createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const [, version, , checkId] = url.pathname.split("/");
    const limit = Number(url.searchParams.get("limit") ?? 10);
    let body: unknown = { ready: true };
    if (version === "v2") {
      const nextId = url.searchParams.get("nextId");
      const [ms, id] = nextId ? (JSON.parse(Buffer.from(nextId, "base64url").toString()) as [number, string]) : [0, ""];
      const rows = (
        nextId ? after.all(checkId, stamp(ms), stamp(ms), stamp(ms), id, limit + 1) : first.all(checkId, limit + 1)
      ) as Row[];
      const last = rows[limit - 1];
      const entries = rows.slice(0, limit).map(entry);
      body = {
        length: entries.length,
        entries,
        nextId: rows.length > limit && last ? cursor(Date.parse(last.startedAt as string), last.id as string) : null,
      };
    } else if (version === "v1") {
      const now = Date.now();
      const page = Number(url.searchParams.get("page") ?? 1);
      body = (windowed.all(checkId, stamp(now - 6 * 3_600_000), stamp(now), limit, (page - 1) * limit) as Row[]).map(
        entry,
      );
    }
    const text = JSON.stringify(body);
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
    });
    response.end(text);
  }).listen(port, "127.0.0.1");
}

await serveBaseline(Number(process.argv[2]), process.argv[3]!);
