import { isPostgres, type DbOrTx } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { CheckRunRow } from "./rows.js";

/**
 * The run queue's claim protocol, shared by the service's own runners (data-center runs) and by
 * private-location agents (their location's runs), on one instance or many.
 *
 * A run is claimable when it is QUEUED and due, or RUNNING with an expired lease (its runner
 * died). Claiming is a compare-and-set per row: the UPDATE repeats the claimable condition, so of
 * two claimers racing for a run exactly one changes it (SQLite serializes writers; PostgreSQL
 * re-checks the WHERE after the row lock). No claimer ever waits on another's lock for long.
 */
export type ClaimScope = { privateLocationId: string | null };
export type Claim = ClaimScope & { owner: string; now: Date; leaseMs: number; limit: number };
/** What is stored as the claim read it: the revisions of a run's check, its group (null: none) and its account's windows. */
export type StoredRevision = { check: number | null; group: number | null; windows: number | null };
/** A claimed run, with what its claim read of the stored revisions. */
export type ClaimedRunRow = CheckRunRow & { revision: StoredRevision };
/** The run queue needs the database only (or a transaction). */
type QueueContext = { db: DbOrTx };

/**
 * Claims up to `limit` claimable runs, oldest due first; returns the runs this owner now holds.
 * One statement: the UPDATE picks its rows with a subquery and repeats the claimable condition,
 * so of two claimers racing for a run exactly one gets it. SQLite runs one writer at a time.
 * PostgreSQL locks the candidates FOR UPDATE SKIP LOCKED, so racing claimers take different runs
 * instead of coming back empty behind each other's locks, and re-checks the outer condition on
 * each locked row.
 */
export async function claimRuns({ ctx, ...claim }: { ctx: QueueContext } & Claim): Promise<ClaimedRunRow[]> {
  const { db } = ctx;
  const leaseExpiresAt = new Date(claim.now.getTime() + claim.leaseMs);
  const scope =
    claim.privateLocationId === null
      ? Prisma.sql`"privateLocationId" IS NULL`
      : Prisma.sql`"privateLocationId" = ${claim.privateLocationId}`;
  const claimable = Prisma.sql`${scope} AND (("status" = 'QUEUED' AND "dueAt" <= ${claim.now}) OR ("status" = 'RUNNING' AND "leaseExpiresAt" < ${claim.now}))`;
  const lock = isPostgres(db) ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
  // A CTE, not an IN (subquery): PostgreSQL may evaluate a LIMIT subquery more than once.
  // The revisions of the run's check, its group and its account's windows come back with the
  // claim (no statement more): a cache of them is trusted only while they match (runnable.ts).
  const ids = await db.$queryRaw<RevisionRow[]>`
    WITH "candidates" AS (SELECT "id" FROM "CheckRun" WHERE ${claimable} ORDER BY "dueAt" ASC, "id" ASC LIMIT ${claim.limit} ${lock})
    UPDATE "CheckRun" SET "status" = 'RUNNING', "leaseOwner" = ${claim.owner}, "leaseExpiresAt" = ${leaseExpiresAt}, "claimedAt" = ${claim.now}
    WHERE "id" IN (SELECT "id" FROM "candidates") AND ${claimable}
    RETURNING "id",
      (SELECT c."revision" FROM "Check" c WHERE c."id" = "CheckRun"."checkId") AS "checkRevision",
      (SELECT g."revision" FROM "Check" c JOIN "CheckGroup" g ON g."id" = c."groupId" WHERE c."id" = "CheckRun"."checkId") AS "groupRevision",
      (SELECT a."windowsRevision" FROM "Account" a WHERE a."id" = "CheckRun"."accountId") AS "windowsRevision"`;
  if (ids.length === 0) return [];
  const revisions = new Map(ids.map((row) => [Number(row.id), revisionOf(row)]));
  const runs = await db.checkRun.findMany({
    where: { id: { in: [...revisions.keys()] } },
    orderBy: [{ dueAt: "asc" }, { id: "asc" }],
  });
  return runs.map((run) => ({ ...run, revision: revisions.get(run.id) as StoredRevision }));
}

type RevisionRow = { id: number; checkRevision: unknown; groupRevision: unknown; windowsRevision: unknown };
const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const revisionOf = (row: RevisionRow): StoredRevision => ({
  check: orNull(row.checkRevision),
  group: orNull(row.groupRevision),
  windows: orNull(row.windowsRevision),
});

/** Extends the lease of a run this owner still holds; false when it lost the run (lease expired and re-claimed). */
export async function renewLease({
  ctx,
  ...run
}: {
  ctx: QueueContext;
  id: number;
  owner: string;
  now: Date;
  leaseMs: number;
}): Promise<boolean> {
  const { count } = await ctx.db.checkRun.updateMany({
    where: { id: run.id, status: "RUNNING", leaseOwner: run.owner },
    data: { leaseExpiresAt: new Date(run.now.getTime() + run.leaseMs) },
  });
  return count === 1;
}

/**
 * Keeps long runs held (a browser run takes up to 240 s, or waits for a BROWSER_CONCURRENCY
 * place): the leases of these runs of this owner that end within `leaseMs` move to now +
 * `leaseMs`. A lease that already reaches further (a retry's hold) is left as it is.
 */
export async function extendLeases({
  ctx,
  ...runs
}: {
  ctx: QueueContext;
  ids: number[];
  owner: string;
  now: Date;
  leaseMs: number;
}): Promise<number> {
  if (runs.ids.length === 0) return 0;
  const until = new Date(runs.now.getTime() + runs.leaseMs);
  const { count } = await ctx.db.checkRun.updateMany({
    where: { id: { in: runs.ids }, status: "RUNNING", leaseOwner: runs.owner, leaseExpiresAt: { lt: until } },
    data: { leaseExpiresAt: until },
  });
  return count;
}

/**
 * Ends a run this owner holds (DONE, or CANCELLED); false when another runner holds it now, so
 * the late one must not record a result twice.
 */
export async function finishRun({
  ctx,
  ...run
}: {
  ctx: QueueContext;
  id: number;
  owner: string;
  now: Date;
  status?: "DONE" | "CANCELLED";
}): Promise<boolean> {
  const { count } = await ctx.db.checkRun.updateMany({
    where: { id: run.id, status: "RUNNING", leaseOwner: run.owner },
    data: { status: run.status ?? "DONE", finishedAt: run.now, leaseExpiresAt: null },
  });
  return count === 1;
}

/**
 * Hands a run this owner holds back to the queue (QUEUED, no lease), for a runner that stops
 * before finishing it: another runner takes it at once instead of after the lease runs out.
 */
export async function releaseRun({ ctx, ...run }: { ctx: QueueContext; id: number; owner: string }): Promise<boolean> {
  const { count } = await ctx.db.checkRun.updateMany({
    where: { id: run.id, status: "RUNNING", leaseOwner: run.owner },
    data: { status: "QUEUED", leaseOwner: null, leaseExpiresAt: null, claimedAt: null },
  });
  return count === 1;
}
