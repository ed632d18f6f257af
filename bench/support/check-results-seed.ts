// The check-results benchmarks' data set: one check's results seeded in bulk (raw better-sqlite3,
// in Prisma's storage format) into a migrated SQLite file, with an account and its API key.
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { hashKey } from "../../src/domain/api-keys/keys.js";
import { stamp } from "./sqlite-format.js";

/** Bulk insert in one transaction, in the format the Prisma adapter writes (ISO dates with +00:00, booleans 0/1, JSON text). */
export function seedResults(path: string, total: number) {
  const started = performance.now();
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const now = Date.now();
  const accountId = randomUUID();
  const apiKey = `vg_bench_${randomUUID().replaceAll("-", "")}`;
  const checkId = randomUUID();
  db.prepare(`INSERT INTO "Account" (id, name, createdAt, updatedAt) VALUES (?, 'bench', ?, ?)`).run(
    accountId,
    stamp(now),
    stamp(now),
  );
  db.prepare(`INSERT INTO "ApiKey" (id, accountId, keyHash, prefix, createdAt) VALUES (?, ?, ?, 'vg_benc', ?)`).run(
    randomUUID(),
    accountId,
    hashKey(apiKey),
    stamp(now),
  );
  db.prepare(
    `INSERT INTO "Check" (id, accountId, checkType, name, locations, tags, createdAt, updatedAt) VALUES (?, ?, 'API', 'Bench API', '["eu-west-1"]', '[]', ?, ?)`,
  ).run(checkId, accountId, stamp(now), stamp(now));
  const insert =
    db.prepare(`INSERT INTO "CheckResult" (id, accountId, checkId, checkRunId, name, checkType, resultType, hasFailures, hasErrors, isDegraded,
    isCancelled, overMaxResponseTime, runLocation, startedAt, stoppedAt, responseTime, apiCheckResult, attempts, sequenceId, errorGroupIds, createdAt)
    VALUES (?, ?, ?, ?, 'Bench API', 'API', 'FINAL', ?, 0, ?, 0, 0, ?, ?, ?, ?, ?, 0, ?, '[]', ?)`);
  const locations = ["eu-west-1", "us-east-1", "ap-south-1", "eu-central-1"];
  // One result a second, the newest just before now: the last 6 hours (v1's default window) hold 21,600.
  const startOf = (i: number) => now - 1000 - (total - 1 - i) * 1000;
  db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const at = startOf(i);
      const failed = i % 20 === 0;
      const responseTime = 80 + (i % 97);
      const api = `{"request":{"method":"GET","url":"https://example.com/health"},"response":{"status":${failed ? 500 : 200},"statusText":"${failed ? "Internal Server Error" : "OK"}","timings":{"total":${responseTime}}}}`;
      insert.run(
        randomUUID(),
        accountId,
        checkId,
        i + 1,
        failed ? 1 : 0,
        responseTime > 170 ? 1 : 0,
        locations[i % 4],
        stamp(at),
        stamp(at + responseTime),
        responseTime,
        api,
        randomUUID(),
        stamp(at + responseTime + 5),
      );
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  const positions = db.prepare(
    `SELECT startedAt, id FROM "CheckResult" WHERE checkId = ? ORDER BY startedAt DESC, id DESC LIMIT 1 OFFSET ?`,
  );
  const positionAt = (offset: number) => {
    const row = positions.get(checkId, offset - 1) as { startedAt: string; id: string };
    return { startedAt: new Date(row.startedAt), id: row.id };
  };
  const result = { ms: performance.now() - started, accountId, apiKey, checkId, positionAt };
  return result;
}
