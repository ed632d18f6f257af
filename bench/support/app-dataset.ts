// The operator app benchmark's dataset (issue 27): CHECKS API checks of one account, DAYS days of
// rollups (a result every EVERY minutes, written as the engine's rollup upsert writes them), the
// last 24 hours of raw results (hourly), and a few failing and degraded checks. Built once into a
// temporary name and kept (its name says its size), so that later runs measure at once.
import { randomUUID } from "node:crypto";
import { existsSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { createAccount } from "../../src/domain/accounts/create.js";
import { type RollupInput, writeRollups } from "../../src/domain/rollups/index.js";
import { insertApiChecks } from "./checks.js";

const HOUR = 3_600_000;

export async function appDataset({ checks, days, every }: { checks: number; days: number; every: number }) {
  const file = join(tmpdir(), `vigil-bench-app-${checks}x${days}x${every}.db`);
  if (existsSync(file)) return file;
  const building = `${file}.building`;
  rmSync(building, { force: true });
  await migrate(`file:${building}`);
  const database = await openDatabase(`file:${building}`);
  const db = database.prisma;
  const { id: accountId } = await createAccount({ db, input: { name: "bench app" } });
  // Once a day: the engine, when the benchmark runs it, leaves these alone.
  const ids = await insertApiChecks({
    db,
    accountId,
    count: checks,
    request: { method: "GET", url: "http://127.0.0.1:9/", assertions: [], headers: [], queryParameters: [] },
  });
  await db.check.updateMany({ where: { accountId }, data: { frequency: 1440 } });
  const started = Date.now();
  const step = every * 60_000;
  const start = Math.floor((Date.now() - days * 24 * HOUR) / step) * step;
  let pending: RollupInput[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    await db.$transaction((tx) => writeRollups(tx, batch), { timeout: 300_000 });
  };
  let i = 0;
  for (let at = start; at < Date.now(); at += step)
    for (const checkId of ids) {
      const failed = i++ % 97 === 0;
      pending.push({
        accountId,
        checkId,
        runLocation: "eu-west-1",
        resultType: "FINAL",
        isCancelled: false,
        hasFailures: failed,
        hasErrors: false,
        isDegraded: !failed && i % 31 === 0,
        startedAt: new Date(at + (i % 600) * 1000),
        responseTime: 80 + ((i * 7919) % 400),
      });
      if (pending.length === 10_000) await flush();
    }
  if (pending.length) await flush();
  // The last 24 hours as raw results (what the rows' strips and the results log read).
  const now = Date.now();
  for (let h = 24; h >= 1; h--) {
    await db.checkResult.createMany({
      data: ids.map((checkId, n) => ({
        id: randomUUID(),
        accountId,
        checkId,
        name: `check ${n}`,
        checkType: "API",
        resultType: "FINAL",
        hasFailures: (n + h) % 97 === 0,
        hasErrors: false,
        isCancelled: false,
        runLocation: "eu-west-1",
        startedAt: new Date(now - h * HOUR),
        stoppedAt: new Date(now - h * HOUR + 120),
        responseTime: 80 + ((n * 31 + h) % 400),
        attempts: 0,
        errorGroupIds: [],
      })),
    });
  }
  // Some need attention: 1 in 100 failing, 1 in 250 degraded.
  await db.checkStatus.createMany({
    data: ids.map((checkId, n) => ({
      checkId,
      accountId,
      condition: n % 100 === 0 ? "FAILING" : n % 250 === 1 ? "DEGRADED" : "PASSING",
      since: new Date(now - (n % 24) * HOUR),
      runs: 24,
    })),
  });
  await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  await database.close();
  renameSync(building, file);
  console.log(`built ${file} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return file;
}
