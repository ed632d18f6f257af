import type { DbOrTx } from "../../db/client.js";
import type { CheckRun } from "../../generated/sqlite/client.js";

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

function claimable(scope: ClaimScope, now: Date) {
  return {
    privateLocationId: scope.privateLocationId,
    OR: [{ status: "QUEUED", dueAt: { lte: now } }, { status: "RUNNING", leaseExpiresAt: { lt: now } }],
  };
}

/**
 * Claims up to `limit` claimable runs, oldest due first; returns the runs this owner now holds.
 * Racing claimers see the same oldest candidates, so each reads several times its limit and
 * moves on past the runs it lost, rather than coming back empty while work is waiting.
 */
export async function claimRuns(db: DbOrTx, claim: Claim): Promise<CheckRun[]> {
  const leaseExpiresAt = new Date(claim.now.getTime() + claim.leaseMs);
  const claimed: number[] = [];
  const lost: number[] = [];
  for (let round = 0; round < 3 && claimed.length < claim.limit; round++) {
    const candidates = await db.checkRun.findMany({
      where: { ...claimable(claim, claim.now), id: { notIn: [...claimed, ...lost] } },
      orderBy: [{ dueAt: "asc" }, { id: "asc" }],
      take: claim.limit * 4,
      select: { id: true },
    });
    if (candidates.length === 0) break;
    for (const { id } of candidates) {
      if (claimed.length === claim.limit) break;
      const { count } = await db.checkRun.updateMany({
        where: { id, ...claimable(claim, claim.now) },
        data: { status: "RUNNING", leaseOwner: claim.owner, leaseExpiresAt, claimedAt: claim.now },
      });
      (count === 1 ? claimed : lost).push(id);
    }
  }
  return claimed.length ? db.checkRun.findMany({ where: { id: { in: claimed } }, orderBy: [{ dueAt: "asc" }, { id: "asc" }] }) : [];
}

/** Extends the lease of a run this owner still holds; false when it lost the run (lease expired and re-claimed). */
export async function renewLease(db: DbOrTx, run: { id: number; owner: string; now: Date; leaseMs: number }): Promise<boolean> {
  const { count } = await db.checkRun.updateMany({
    where: { id: run.id, status: "RUNNING", leaseOwner: run.owner },
    data: { leaseExpiresAt: new Date(run.now.getTime() + run.leaseMs) },
  });
  return count === 1;
}

/**
 * Ends a run this owner holds (DONE, or CANCELLED); false when another runner holds it now, so
 * the late one must not record a result twice.
 */
export async function finishRun(db: DbOrTx, run: { id: number; owner: string; now: Date; status?: "DONE" | "CANCELLED" }): Promise<boolean> {
  const { count } = await db.checkRun.updateMany({
    where: { id: run.id, status: "RUNNING", leaseOwner: run.owner },
    data: { status: run.status ?? "DONE", finishedAt: run.now, leaseExpiresAt: null },
  });
  return count === 1;
}

/**
 * Hands a run this owner holds back to the queue (QUEUED, no lease), for a runner that stops
 * before finishing it: another runner takes it at once instead of after the lease runs out.
 */
export async function releaseRun(db: DbOrTx, run: { id: number; owner: string }): Promise<boolean> {
  const { count } = await db.checkRun.updateMany({
    where: { id: run.id, status: "RUNNING", leaseOwner: run.owner },
    data: { status: "QUEUED", leaseOwner: null, leaseExpiresAt: null, claimedAt: null },
  });
  return count === 1;
}
