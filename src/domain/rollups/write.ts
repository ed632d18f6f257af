import { type DbOrTx, isPostgres } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { inShapes, runStepsInTx, type SqlSteps } from "../../db/sql-steps.js";
import { RollupAnalytics } from "./analytics.js";
import { foldRollups, type RollupDelta, type RollupInput } from "./fold.js";
import { Sketch } from "./sketch.js";

const CHUNK = 500;

type Returned = {
  checkId: string;
  hours: number;
  startHour: number;
  location: string;
  runs: number | bigint;
  sketch: string;
  analytics: string;
};

/**
 * Adds results to their hourly and daily rollups, inside the transaction that inserts them: one
 * multi-row upsert for the counters (the same SQL on SQLite and PostgreSQL), then one statement
 * setting the merged sketch (and analytics, src/domain/rollups/analytics.ts) of the rows that
 * existed already.
 *
 * Concurrency: the sketch is a read-modify-write. The upsert takes the rows' write locks (a row
 * lock held to the commit on PostgreSQL, the database's one writer lock on SQLite) and returns the
 * row as it is under that lock, so another instance adding to the same hour waits for our commit
 * and then reads our sketch. Rows are upserted in key order (foldRollups), so two writers cannot
 * deadlock on them. A row the upsert created holds exactly the delta's sketch already.
 */
export async function writeRollups(tx: DbOrTx, results: readonly RollupInput[]): Promise<void> {
  await runStepsInTx(tx, rollupSteps(results, isPostgres(tx)));
}

/**
 * writeRollups as statements (src/db/sql-steps.ts), for writers that run them their own way;
 * `fixed`: in statements of fixed row counts (inShapes), for a writer that keeps them.
 */
export function* rollupSteps(results: readonly RollupInput[], postgres: boolean, fixed = false): SqlSteps<void> {
  const deltas = foldRollups(results);
  for (let i = 0; i < deltas.length; i += CHUNK) yield* chunkSteps(deltas.slice(i, i + CHUNK), postgres, fixed);
}

function* chunkSteps(deltas: RollupDelta[], postgres: boolean, fixed: boolean): SqlSteps<void> {
  const rows = deltas.map(
    (d) =>
      Prisma.sql`(${d.checkId}, ${d.hours}, ${d.startHour}, ${d.location}, ${d.accountId}, ${d.runs}, ${d.failed}, ${d.degraded}, ${d.errors}, ${d.responseTimeSum}, ${d.responseTimeMin}, ${d.responseTimeMax}, ${d.sketch.encode()}, ${d.analytics?.encode() ?? ""})`,
  );
  const returned = (yield* inShapes(rows, fixed, (some) => upsertSql(some))) as unknown as Returned[];
  const byKey = new Map(deltas.map((d) => [keyOf(d), d]));
  const merged: MergedSketch[] = [];
  for (const row of returned) {
    const delta = byKey.get(keyOf(row))!;
    // Created by this upsert: its sketch is the delta's already.
    if (Number(row.runs) === delta.runs) continue;
    const sketch = Sketch.decode(row.sketch);
    sketch.merge(delta.sketch);
    let analytics = row.analytics;
    if (delta.analytics) {
      const stored = RollupAnalytics.decode(analytics);
      stored.merge(delta.analytics);
      analytics = stored.encode();
    }
    merged.push({
      ...row,
      hours: Number(row.hours),
      startHour: Number(row.startHour),
      sketch: sketch.encode(),
      analytics,
    });
  }
  yield* inShapes(merged, fixed, (some) => setSketchesSql(some, postgres));
}

/** The counters' upsert of these rows: the rows as they are under the write lock come back. */
const upsertSql = (rows: readonly Prisma.Sql[]) => Prisma.sql`
    INSERT INTO "CheckRollup" ("checkId", "hours", "startHour", "location", "accountId", "runs", "failed", "degraded", "errors", "responseTimeSum", "responseTimeMin", "responseTimeMax", "sketch", "analytics")
    VALUES ${Prisma.join([...rows])}
    ON CONFLICT ("checkId", "hours", "startHour", "location") DO UPDATE SET
      "runs" = "CheckRollup"."runs" + excluded."runs",
      "failed" = "CheckRollup"."failed" + excluded."failed",
      "degraded" = "CheckRollup"."degraded" + excluded."degraded",
      "errors" = "CheckRollup"."errors" + excluded."errors",
      "responseTimeSum" = "CheckRollup"."responseTimeSum" + excluded."responseTimeSum",
      "responseTimeMin" = CASE WHEN excluded."responseTimeMin" < "CheckRollup"."responseTimeMin" THEN excluded."responseTimeMin" ELSE "CheckRollup"."responseTimeMin" END,
      "responseTimeMax" = CASE WHEN excluded."responseTimeMax" > "CheckRollup"."responseTimeMax" THEN excluded."responseTimeMax" ELSE "CheckRollup"."responseTimeMax" END
    RETURNING "checkId", "hours", "startHour", "location", "runs", "sketch", "analytics"`;

export type MergedSketch = {
  checkId: string;
  hours: number;
  startHour: number;
  location: string;
  sketch: string;
  analytics: string;
};

/**
 * One statement setting the sketches of existing rollup rows, found by primary key. PostgreSQL
 * needs the VALUES' integer columns cast (its parameters are typed). SQLite must not get the casts:
 * with CAST(? AS INTEGER) in the VALUES its planner joined the other way round, scanning every
 * rollup row of the table for each batch (1,000 rows of VALUES against a table of millions: a
 * result batch's commit grew with the database's age); without them each VALUES row is one
 * primary-key search (test/integration/rollups/write-plan.test.ts holds the plan).
 */
export function setSketchesSql(rows: readonly MergedSketch[], postgres: boolean): Prisma.Sql {
  const int = (n: number) => (postgres ? Prisma.sql`CAST(${n} AS INTEGER)` : Prisma.sql`${n}`);
  const values = rows.map(
    (r) => Prisma.sql`(${r.checkId}, ${int(r.hours)}, ${int(r.startHour)}, ${r.location}, ${r.sketch}, ${r.analytics})`,
  );
  return Prisma.sql`
    WITH v ("checkId", "hours", "startHour", "location", "sketch", "analytics") AS (VALUES ${Prisma.join(values)})
    UPDATE "CheckRollup" SET "sketch" = v."sketch", "analytics" = v."analytics" FROM v
    WHERE "CheckRollup"."checkId" = v."checkId" AND "CheckRollup"."hours" = v."hours"
      AND "CheckRollup"."startHour" = v."startHour" AND "CheckRollup"."location" = v."location"`;
}

function keyOf(r: { checkId: string; hours: number; startHour: number; location: string }) {
  return `${r.checkId}\u0000${Number(r.hours)}\u0000${Number(r.startHour)}\u0000${r.location}`;
}
