import { isPostgres, type DbOrTx } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";

/** A run its owner records a try of: its lease moves to `leaseExpiresAt`; `finish` ends it (a FINAL result). */
export type HeldRun = {
  id: number;
  accountId: string;
  leaseExpiresAt: Date;
  finish: { status: "DONE" | "CANCELLED"; finishedAt: Date } | null;
};

/**
 * The compare-and-set of a batch of tries on their runs, in one statement: each run still RUNNING
 * under `owner` (and of its account) gets its new lease, and those of FINAL results are DONE (or
 * CANCELLED) at once. Returns the ids it changed: a run missing was lost (cancelled, or its lease
 * expired and another runner took it) and records nothing. PostgreSQL needs the VALUES' columns
 * typed; SQLite must not get casts in VALUES (see setSketchesSql in src/domain/rollups/write.ts).
 */
export async function holdRuns(tx: DbOrTx, owner: string, runs: readonly HeldRun[]): Promise<Set<number>> {
  if (runs.length === 0) return new Set();
  const pg = isPostgres(tx);
  const cast = (value: unknown, type: string) =>
    pg ? Prisma.sql`CAST(${value} AS ${Prisma.raw(type)})` : Prisma.sql`${value}`;
  const values = runs.map(
    (r) =>
      Prisma.sql`(${cast(r.id, "INTEGER")}, ${r.accountId}, ${cast(r.leaseExpiresAt, "TIMESTAMP(3)")}, ${cast(r.finish?.status ?? null, "TEXT")}, ${cast(r.finish?.finishedAt ?? null, "TIMESTAMP(3)")})`,
  );
  const rows = await tx.$queryRaw<{ id: unknown }[]>`
    WITH v ("id", "accountId", "leaseExpiresAt", "status", "finishedAt") AS (VALUES ${Prisma.join(values)})
    UPDATE "CheckRun" SET
      "leaseExpiresAt" = v."leaseExpiresAt",
      "status" = COALESCE(v."status", "CheckRun"."status"),
      "finishedAt" = CASE WHEN v."status" IS NULL THEN "CheckRun"."finishedAt" ELSE v."finishedAt" END
    FROM v
    WHERE "CheckRun"."id" = v."id" AND "CheckRun"."accountId" = v."accountId"
      AND "CheckRun"."status" = 'RUNNING' AND "CheckRun"."leaseOwner" = ${owner}
    RETURNING "CheckRun"."id"`;
  return new Set(rows.map((row) => Number(row.id)));
}
