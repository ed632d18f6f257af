import type { z } from "zod";
import { Prisma } from "../../generated/sqlite/client.js";
import type { CheckResult } from "../../generated/sqlite/client.js";
import type { ListCheckResultsQuery } from "./schemas.js";

/**
 * The lists read through one raw statement: at 100 rows a page, Prisma's model API costs about
 * twice the CPU of $queryRaw (measured by bench/check-results.ts), and this is the hottest read of
 * the service. The SQL is portable (SQLite and PostgreSQL); values are bound, never spliced.
 */
const COLUMNS = [
  "id", "name", "checkId", "hasFailures", "hasErrors", "isDegraded", "isCancelled", "overMaxResponseTime", "runLocation", "startedAt",
  "stoppedAt", "createdAt", "responseTime", "apiCheckResult", "browserCheckResult", "multiStepCheckResult", "agenticCheckResult",
  "checkRunId", "attempts", "resultType", "sequenceId", "errorGroupIds",
] as const satisfies readonly (keyof CheckResult)[];
/** What a list entry carries: every column the API shows. */
export type CheckResultRow = Pick<CheckResult, (typeof COLUMNS)[number]>;

const SELECT = Prisma.raw(`SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "CheckResult"`);
/** The order of the (checkId, startedAt desc, id desc) index. */
const NEWEST_FIRST = Prisma.raw(`ORDER BY "startedAt" DESC, "id" DESC`);

type Filters = Pick<z.output<typeof ListCheckResultsQuery>, "location" | "checkType" | "hasFailures" | "resultType" | "from" | "to">;
type Position = { startedAt: Date; id: string };

/** The rows of one check (of the caller's account) matching the filters, newest first, after `after`. */
export function selectResults({ checkId, accountId, filters, after, limit, offset = 0 }: {
  checkId: string; accountId: string; filters: Filters; after?: Position | null; limit: number; offset?: number;
}): Prisma.Sql {
  const conditions = [Prisma.sql`"checkId" = ${checkId}`, Prisma.sql`"accountId" = ${accountId}`];
  if (filters.resultType !== "ALL") conditions.push(Prisma.sql`"resultType" = ${filters.resultType}`);
  if (filters.location) conditions.push(Prisma.sql`"runLocation" = ${filters.location}`);
  if (filters.checkType) conditions.push(Prisma.sql`"checkType" = ${filters.checkType}`);
  if (filters.hasFailures !== undefined) conditions.push(Prisma.sql`"hasFailures" = ${filters.hasFailures}`);
  if (filters.from) conditions.push(Prisma.sql`"startedAt" >= ${filters.from}`);
  if (filters.to) conditions.push(Prisma.sql`"startedAt" < ${filters.to}`);
  if (after) {
    // The `<=` bound makes the cursor an index range; the OR only settles ties on startedAt.
    conditions.push(Prisma.sql`"startedAt" <= ${after.startedAt}`);
    conditions.push(Prisma.sql`("startedAt" < ${after.startedAt} OR "id" < ${after.id})`);
  }
  return Prisma.sql`${SELECT} WHERE ${Prisma.join(conditions, " AND ")} ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`;
}
