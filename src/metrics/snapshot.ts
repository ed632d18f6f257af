import { Gauge, type Registry } from "prom-client";
import type { Db } from "../db/client.js";

/** Scrapes within this of the last one reuse its figures: a busy scraper cannot hammer the database. */
export const SNAPSHOT_MS = 5_000;
/** Queue depth series at most (private locations are many): the rest are summed under "other". */
const MAX_LOCATIONS = 100;

type Snapshot = {
  databaseUp: boolean;
  queue: Map<string, number>;
  notifications: Map<string, number>;
};

/**
 * The gauges read from the database at scrape time: database connectivity (`SELECT 1`), queue
 * depth by location and notifications by status (one grouped query each), at most once per
 * SNAPSHOT_MS; Redis connectivity from the bus when REDIS_URL is set.
 */
export function createSnapshot({
  db,
  registers,
  redisConnected,
}: {
  db: Db;
  registers: Registry[];
  redisConnected?: () => boolean;
}) {
  let last: { at: number; snapshot: Promise<Snapshot> } | null = null;
  let previous: Snapshot = { databaseUp: false, queue: new Map(), notifications: new Map() };

  async function read(): Promise<Snapshot> {
    try {
      await db.$queryRawUnsafe("SELECT 1");
    } catch {
      // Down: the last figures stand, with database_up 0.
      return { ...previous, databaseUp: false };
    }
    const [queued, notifications] = await Promise.all([
      db.checkRun.groupBy({
        by: ["location", "privateLocationId"],
        where: { status: "QUEUED" },
        _count: { _all: true },
      }),
      db.alertNotification.groupBy({ by: ["status"], _count: { _all: true } }),
    ]).catch(() => [null, null] as const);
    if (!queued || !notifications) return { ...previous, databaseUp: true };
    const queue = new Map<string, number>();
    for (const row of queued.sort((a, b) => b._count._all - a._count._all)) {
      const name = row.privateLocationId ? `private:${row.privateLocationId}` : (row.location ?? "unknown");
      const label = queue.size < MAX_LOCATIONS || queue.has(name) ? name : "other";
      queue.set(label, (queue.get(label) ?? 0) + row._count._all);
    }
    previous = {
      databaseUp: true,
      queue,
      notifications: new Map(notifications.map((row) => [row.status, row._count._all])),
    };
    return previous;
  }

  const current = (): Promise<Snapshot> => {
    if (!last || Date.now() - last.at >= SNAPSHOT_MS) last = { at: Date.now(), snapshot: read() };
    return last.snapshot;
  };

  new Gauge({
    name: "vigil_database_up",
    help: "1 when the database answered SELECT 1 at the last look (at most every 5 s), else 0",
    registers,
    async collect() {
      this.set((await current()).databaseUp ? 1 : 0);
    },
  });
  new Gauge({
    name: "vigil_queue_depth",
    help: "Runs queued and not yet claimed, by location (data-center name or private:<id>)",
    labelNames: ["location"] as const,
    registers,
    async collect() {
      this.reset();
      for (const [location, count] of (await current()).queue) this.set({ location }, count);
    },
  });
  new Gauge({
    name: "vigil_notifications",
    help: "Stored alert notifications, by status",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      this.reset();
      for (const [status, count] of (await current()).notifications) this.set({ status }, count);
    },
  });
  if (redisConnected)
    new Gauge({
      name: "vigil_redis_connected",
      help: "1 while this instance's Redis connection is up, else 0",
      registers,
      collect() {
        this.set(redisConnected() ? 1 : 0);
      },
    });
}
