import type { z } from "zod";
import { Prisma } from "../../generated/sqlite/client.js";
import type { CheckResult } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import type { ListCheckResultsQuery } from "./schemas.js";
import { readRows } from "../shared/raw-reads.js";

/**
 * The lists read through one raw statement: at 100 rows a page, Prisma's model API costs about
 * twice the CPU of $queryRaw (measured by bench/check-results.ts), and this is the hottest read of
 * the service. The SQL is portable (SQLite and PostgreSQL); values are bound, never spliced.
 */
const COLUMNS = [
  "id",
  "name",
  "checkId",
  "hasFailures",
  "hasErrors",
  "isDegraded",
  "isCancelled",
  "overMaxResponseTime",
  "runLocation",
  "startedAt",
  "stoppedAt",
  "createdAt",
  "responseTime",
  "apiCheckResult",
  "browserCheckResult",
  "multiStepCheckResult",
  "agenticCheckResult",
  "sslCheckResult",
  "checkRunId",
  "attempts",
  "resultType",
  "sequenceId",
  "errorGroupIds",
] as const satisfies readonly (keyof CheckResult)[];
/** What a list entry carries: every column the API shows. */
export type CheckResultRow = Pick<CheckResult, (typeof COLUMNS)[number]>;

const SELECT = Prisma.raw(`SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "CheckResult"`);
/** A session's results also say which session they are of (pages of several sessions come in one statement). */
const SELECT_IN_SESSION = Prisma.raw(
  `SELECT ${[...COLUMNS, "sessionId"].map((c) => `"${c}"`).join(", ")} FROM "CheckResult"`,
);
/** The order of the (checkId, startedAt desc, id desc) index. */
const NEWEST_FIRST = Prisma.raw(`ORDER BY "startedAt" DESC, "id" DESC`);
/** Backward pages (GraphQL `last`/`before`) read the same index range the other way. */
const OLDEST_FIRST = Prisma.raw(`ORDER BY "startedAt" ASC, "id" ASC`);

type Filters = Pick<
  z.output<typeof ListCheckResultsQuery>,
  "location" | "checkType" | "hasFailures" | "resultType" | "from" | "to"
>;
type Position = { startedAt: Date; id: string };

/** Backward pages (GraphQL `last`/`before`): the rows newer than `before` (all rows without it), oldest first. */
type Backward = { backward?: boolean; before?: Position | null };

/** A list's rows: through the context's raw reads when it has them (src/db/sqlite-reads.ts). */
export function readResults(ctx: DomainContext, sql: Prisma.Sql): Promise<CheckResultRow[]> {
  return readRows<CheckResultRow>(ctx, sql);
}

const DATE_COLUMNS = ["startedAt", "stoppedAt", "createdAt"] as const;
const JSON_COLUMNS = [
  "apiCheckResult",
  "browserCheckResult",
  "multiStepCheckResult",
  "agenticCheckResult",
  "sslCheckResult",
  "errorGroupIds",
] as const;

/**
 * A result as an answer written in JSON text takes it: dates as ISO 8601 UTC text, JSON columns as
 * JSON text (null for none), the rest as read. The REST lists write a page from these without
 * decoding and serializing again what is stored as text (src/db/sqlite-reads.ts's JsonRead).
 */
export type CheckResultJsonRow = Omit<CheckResultRow, DateColumn | JsonColumn> & {
  [K in DateColumn]: CheckResultRow[K] extends Date ? string : string | null;
} & { [K in JsonColumn]: string | null };
type DateColumn = (typeof DATE_COLUMNS)[number];
type JsonColumn = (typeof JSON_COLUMNS)[number];

/** A list's rows as JSON text: straight from SQLite's columns, else decoded and written back. */
export async function readResultsAsJson(ctx: DomainContext, sql: Prisma.Sql): Promise<CheckResultJsonRow[]> {
  if (ctx.readJson) return ctx.readJson<CheckResultJsonRow>(sql);
  return (await readResults(ctx, sql)).map(resultAsJson);
}

/** One decoded result (Prisma's, PostgreSQL's) in the form of readResultsAsJson's rows. */
export function resultAsJson(row: CheckResultRow): CheckResultJsonRow {
  const out = { ...row } as Record<string, unknown>;
  for (const column of DATE_COLUMNS) out[column] = row[column]?.toISOString() ?? null;
  for (const column of JSON_COLUMNS) out[column] = row[column] === null ? null : JSON.stringify(row[column]);
  return out as CheckResultJsonRow;
}

/**
 * The rows of one check (of the caller's account) matching the filters, newest first, after `after`;
 * or, `backward`, oldest first from `before` on (the caller reverses them).
 */
export function selectResults({
  checkId,
  accountId,
  filters,
  after,
  before,
  backward,
  limit,
  offset = 0,
}: {
  checkId: string;
  accountId: string;
  filters: Filters;
  after?: Position | null;
  limit: number;
  offset?: number;
} & Backward): Prisma.Sql {
  const conditions = [Prisma.sql`"checkId" = ${checkId}`, Prisma.sql`"accountId" = ${accountId}`];
  if (filters.resultType !== "ALL") conditions.push(Prisma.sql`"resultType" = ${filters.resultType}`);
  if (filters.location) conditions.push(Prisma.sql`"runLocation" = ${filters.location}`);
  if (filters.checkType) conditions.push(Prisma.sql`"checkType" = ${filters.checkType}`);
  if (filters.hasFailures !== undefined) conditions.push(Prisma.sql`"hasFailures" = ${filters.hasFailures}`);
  if (filters.from) conditions.push(Prisma.sql`"startedAt" >= ${filters.from}`);
  if (filters.to) conditions.push(Prisma.sql`"startedAt" < ${filters.to}`);
  return keysetSql(SELECT, conditions, { after, before, backward, limit, offset });
}

/** The results recorded in one check session (of the caller's account), keyset-paged as above. */
export function selectSessionResults({
  sessionId,
  accountId,
  after,
  before,
  backward,
  limit,
}: {
  sessionId: string;
  accountId: string;
  after?: Position | null;
  limit: number;
} & Backward): Prisma.Sql {
  return keysetSql(
    SELECT_IN_SESSION,
    [Prisma.sql`"sessionId" = ${sessionId}`, Prisma.sql`"accountId" = ${accountId}`],
    { after, before, backward, limit, offset: 0 },
  );
}

type Keyset = { after?: Position | null; limit: number; offset: number } & Backward;

function keysetSql(select: Prisma.Sql, conditions: Prisma.Sql[], { after, before, backward, limit, offset }: Keyset) {
  if (after) {
    // The `<=` bound makes the cursor an index range; the OR only settles ties on startedAt.
    conditions.push(Prisma.sql`"startedAt" <= ${after.startedAt}`);
    conditions.push(Prisma.sql`("startedAt" < ${after.startedAt} OR "id" < ${after.id})`);
  }
  if (before) {
    conditions.push(Prisma.sql`"startedAt" >= ${before.startedAt}`);
    conditions.push(Prisma.sql`("startedAt" > ${before.startedAt} OR "id" > ${before.id})`);
  }
  return Prisma.sql`${select} WHERE ${Prisma.join(conditions, " AND ")} ${backward ? OLDEST_FIRST : NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`;
}
