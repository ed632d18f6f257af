import { isPostgres } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
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

/**
 * A check's hourly rollup rows of the hours [fromHour, toHour), read by primary key and packed by
 * the database into one text (a line a row: the counters, the sketch, then "|" and the analytics
 * JSON; neither holds "|" or a newline): a month by hour is 720 rows a location, and Prisma's work
 * per row and value cost more than splitting the text (bench:analytics).
 */
export async function readHourlyRollups(
  ctx: DomainContext,
  checkId: string,
  fromHour: number,
  toHour: number,
): Promise<AnalyticsRollupRow[]> {
  if (toHour <= fromHour) return [];
  const pg = isPostgres(ctx.db);
  const line = Prisma.raw(
    `${pg ? "format" : "printf"}('%s %s %s %s %s %s %s %s|%s', "startHour", "location", "runs", "failed", "responseTimeSum", "responseTimeMin", "responseTimeMax", "sketch", "analytics")`,
  );
  const join = Prisma.raw(pg ? "string_agg" : "group_concat");
  const newline = Prisma.raw(pg ? "chr(10)" : "char(10)");
  const [packed] = await ctx.db.$queryRaw<{ rows: string | null }[]>`
    SELECT ${join}(${line}, ${newline}) AS "rows" FROM "CheckRollup"
    WHERE "checkId" = ${checkId} AND "hours" = 1 AND "startHour" >= ${fromHour} AND "startHour" < ${toHour}
      AND "accountId" = ${ctx.accountId}`;
  if (!packed?.rows) return [];
  return packed.rows.split("\n").map((text) => {
    const bar = text.indexOf("|");
    const fields = text.slice(0, bar).split(" ");
    return {
      startHour: Number(fields[0]),
      location: fields[1]!,
      runs: Number(fields[2]),
      failed: Number(fields[3]),
      responseTimeSum: Number(fields[4]),
      responseTimeMin: Number(fields[5]),
      responseTimeMax: Number(fields[6]),
      sketch: fields.slice(7).join(" "),
      analytics: text.slice(bar + 1),
    };
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
