import type { z } from "zod";
import type { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import type { Page, PageArgs } from "../shared/pagination.js";
import { parseInput } from "../shared/validation.js";
import { checkResultCursor, decodeCheckResultCursor } from "./cursor.js";
import { keysetPagesByKey } from "../shared/children-pages.js";
import { ListCheckResultsQuery } from "./schemas.js";
import { type CheckResultRow, selectResults } from "./rows.js";

/** The v2 list's filters as a typed caller (GraphQL) sends them; null means "not sent". */
export type CheckResultFilters = {
  from?: Date | null;
  to?: Date | null;
  location?: string | null;
  checkType?: string | null;
  hasFailures?: boolean | null;
  resultType?: string | null;
};

type ParsedFilters = Omit<z.output<typeof ListCheckResultsQuery>, "limit" | "nextId" | "fields">;

/** Validated by the REST v2 query schema itself (same enums, same `to` after `from` rule, same messages). */
function parseFilters(filters: CheckResultFilters): ParsedFilters {
  const query: Record<string, string> = {};
  if (filters.from) query.from = filters.from.toISOString();
  if (filters.to) query.to = filters.to.toISOString();
  if (filters.location != null) query.location = filters.location;
  if (filters.checkType != null) query.checkType = filters.checkType;
  if (filters.hasFailures != null) query.hasFailures = String(filters.hasFailures);
  if (filters.resultType != null) query.resultType = filters.resultType;
  const {
    limit: _limit,
    nextId: _nextId,
    fields: _fields,
    ...parsed
  } = parseInput(ListCheckResultsQuery, query, "query");
  return parsed;
}

type Position = { startedAt: Date; id: string };

/**
 * Keyset pages of check results per parent (a check, a session), newest first, in the keys'
 * order, from one statement; `select` gives one parent's rows past a position. The cursors are
 * the REST v2 `nextId` format, so a `nextId` continues a GraphQL walk and back.
 */
export function resultPagesBy({
  ctx,
  keys,
  args,
  keyOf,
  select,
}: {
  ctx: DomainContext;
  keys: readonly string[];
  args: PageArgs;
  keyOf: (row: CheckResultRow & { sessionId?: string | null }) => string;
  select: (
    key: string,
    take: number,
    position: { after?: Position | null; before?: Position | null; backward?: boolean },
  ) => Prisma.Sql;
}): Promise<Page<CheckResultRow>[]> {
  return keysetPagesByKey<CheckResultRow>({
    db: ctx.db,
    keys,
    args,
    decode: (cursor, argument) => {
      const { startedAt, id } = decodeCheckResultCursor(cursor, argument);
      return { at: startedAt, id };
    },
    positionOf: (row) => ({ at: row.startedAt, id: row.id }),
    cursorOf: checkResultCursor,
    keyOf,
    branch: (key, from, direction, take) => {
      const position = from && { startedAt: from.at, id: from.id };
      return select(key, take, direction === "after" ? { after: position } : { backward: true, before: position });
    },
  });
}

/**
 * A keyset page of the results of each of these checks (of the caller's account; another
 * account's check simply has none), with the v2 filters, in the keys' order: one statement.
 */
export function pageResultsOfChecks({
  ctx,
  checkIds,
  args,
  filters = {},
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
  args: PageArgs;
  filters?: CheckResultFilters;
}): Promise<Page<CheckResultRow>[]> {
  const parsed = parseFilters(filters);
  return resultPagesBy({
    ctx,
    keys: checkIds,
    args,
    keyOf: (row) => row.checkId,
    select: (checkId, limit, position) =>
      selectResults({ checkId, accountId: ctx.accountId, filters: parsed, limit, ...position }),
  });
}
