// The monitoring engine under load, shared by bench/engine.ts (one instance on SQLite) and
// bench/cluster.ts (instances on PostgreSQL): seeding API checks at 1 minute against a local
// target, reading what the engine did in a window from the run queue, and a process's CPU and
// memory from /proc.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { Db } from "../../src/db/client.js";
import { apiCheckRequest } from "../../test/support/fixtures/checks.js";

/** `count` API checks at a 1-minute frequency against `url`, 1,000 rows an INSERT. */
export async function seedApiChecks(db: Db, options: { accountId: string; count: number; url: string }) {
  const request = apiCheckRequest(options.url);
  for (let at = 0; at < options.count; at += 1000) {
    await db.check.createMany({
      data: Array.from({ length: Math.min(1000, options.count - at) }, (_, i) => ({
        id: randomUUID(),
        accountId: options.accountId,
        checkType: "API",
        name: `check ${at + i}`,
        frequency: 1,
        locations: ["eu-west-1"],
        tags: [],
        request,
      })),
    });
  }
}

export type EngineWindow = {
  /** Runs due in the window. */
  due: number;
  /** Runs claimed in the window, and their due-to-claim lags (ms), sorted. */
  started: number;
  lags: number[];
  /** Results written in the window, and those failing or erroring. */
  results: number;
  failed: number;
  /** Runs still QUEUED more than a second after their due time at the window's end. */
  overdue: number;
};

/** What the engine (every instance on `db`) did between `from` and `to`, read from the run queue. */
export async function engineWindow(db: Db, from: Date, to: Date): Promise<EngineWindow> {
  const started = await db.checkRun.findMany({
    where: { claimedAt: { gte: from, lt: to } },
    select: { dueAt: true, claimedAt: true },
  });
  const lags = started.map((r) => r.claimedAt!.getTime() - r.dueAt.getTime()).sort((a, b) => a - b);
  return {
    due: await db.checkRun.count({ where: { dueAt: { gte: from, lt: to } } }),
    started: started.length,
    lags,
    results: await db.checkResult.count({ where: { createdAt: { gte: from, lt: to } } }),
    failed: await db.checkResult.count({
      where: { createdAt: { gte: from, lt: to }, OR: [{ hasFailures: true }, { hasErrors: true }] },
    }),
    overdue: await db.checkRun.count({ where: { status: "QUEUED", dueAt: { lt: new Date(to.getTime() - 1000) } } }),
  };
}

/** The p-th percentile (0 to 100) of sorted values; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** User + system CPU seconds of a process (fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * A process's CPU seconds: its main thread's (and of those, in the kernel), and its other threads' by
 * name (GC helpers, libuv's pool, workers).
 */
export function cpuByThread(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
      const name = task === String(pid) ? "main" : stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      const [user, system] = [Number(fields[11]) / 100, Number(fields[12]) / 100];
      byName.set(name, (byName.get(name) ?? 0) + user + system);
      if (name === "main") byName.set("main system", system);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byName;
}

/** A process's resident memory now and at its peak, in MB. */
export function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}
