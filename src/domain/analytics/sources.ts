import type { DomainContext } from "../context.js";
import { HOUR_MS } from "../rollups/index.js";
import type { AnalyticsRollupRow, RawResult } from "./figures.js";

const rawSelect = {
  id: true,
  startedAt: true,
  runLocation: true,
  hasFailures: true,
  hasErrors: true,
  responseTime: true,
  attempts: true,
  apiCheckResult: true,
} as const;

/** A check's counted results (FINAL, not cancelled) started in [from, to), oldest first. */
export async function readResults(
  ctx: DomainContext,
  checkId: string,
  from: number,
  to: number,
  page?: { skip: number; take: number; failed?: boolean },
): Promise<RawResult[]> {
  if (to <= from) return [];
  const failed = page?.failed;
  return ctx.db.checkResult.findMany({
    where: {
      accountId: ctx.accountId,
      checkId,
      resultType: "FINAL",
      isCancelled: false,
      startedAt: { gte: new Date(from), lt: new Date(to) },
      ...(failed === undefined
        ? {}
        : failed
          ? { OR: [{ hasFailures: true }, { hasErrors: true }] }
          : { hasFailures: false, hasErrors: false }),
    },
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    select: rawSelect,
    ...(page ? { skip: page.skip, take: page.take } : {}),
  });
}

/** A check's hourly rollup rows of the hours [fromHour, toHour), read by primary key. */
export async function readHourlyRollups(
  ctx: DomainContext,
  checkId: string,
  fromHour: number,
  toHour: number,
): Promise<AnalyticsRollupRow[]> {
  if (toHour <= fromHour) return [];
  return ctx.db.checkRollup.findMany({
    where: { checkId, accountId: ctx.accountId, hours: 1, startHour: { gte: fromHour, lt: toHour } },
    select: {
      startHour: true,
      location: true,
      runs: true,
      failed: true,
      responseTimeSum: true,
      responseTimeMin: true,
      responseTimeMax: true,
      sketch: true,
      analytics: true,
    },
  });
}

/**
 * Where a window's figures come from: whole hours from hourly rollups when every bucket is made of
 * whole hours and nothing the rollups do not split by is asked (a status filter, status codes),
 * the partial hours at its edges and everything else from raw results (kept RESULT_RETENTION_DAYS).
 */
export function planSources(req: {
  from: number;
  to: number;
  interval: number | null;
  statuses: Set<string>;
  groupBy: string | null;
}) {
  const byRollups =
    (req.interval === null || req.interval % HOUR_MS === 0) && req.statuses.size !== 1 && req.groupBy !== "statusCode";
  const fromHour = Math.ceil(req.from / HOUR_MS);
  const toHour = Math.floor(req.to / HOUR_MS);
  if (!byRollups || toHour <= fromHour) return { hours: null, raw: [[req.from, req.to]] as [number, number][] };
  return {
    hours: [fromHour, toHour] as const,
    raw: [
      [req.from, fromHour * HOUR_MS],
      [toHour * HOUR_MS, req.to],
    ] as [number, number][],
  };
}
