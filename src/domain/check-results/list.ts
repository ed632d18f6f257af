import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { ownedCheck } from "./check.js";
import { checkResultCursor, decodeCheckResultCursor } from "./cursor.js";
import { readResultsAsJson, selectResults } from "./rows.js";
import { v1Window } from "../shared/v1-window-schemas.js";
import { ListCheckResultsQuery, ListCheckResultsV1Query } from "./schemas.js";

/**
 * The lists' rows come as JSON text (CheckResultJsonRow): their one reader is the REST adapter.
 *
 * Version 2: keyset pages, newest first, no default time window. `nextId` encodes the position of
 * the page's last entry and is null on the last page; a page never costs an OFFSET scan.
 */
export async function listCheckResults({
  ctx,
  checkId,
  query,
}: {
  ctx: DomainContext;
  checkId: unknown;
  query: unknown;
}) {
  const { limit, nextId: cursor, fields, ...filters } = parseInput(ListCheckResultsQuery, query, "query");
  const after = cursor ? decodeCheckResultCursor(cursor) : null;
  const id = String(checkId);
  const rows = await readResultsAsJson(
    ctx,
    selectResults({ checkId: id, accountId: ctx.accountId, filters, after, limit: limit + 1 }),
  );
  // Rows are the caller's by the accountId condition; only an empty page needs to tell "no check" from "no results".
  if (rows.length === 0) await ownedCheck({ ctx, id: checkId });
  const entries = rows.slice(0, limit);
  const last = entries.at(-1);
  const nextId =
    rows.length > limit && last ? checkResultCursor({ startedAt: new Date(last.startedAt), id: last.id }) : null;
  return { entries, nextId, fields: fields ?? null };
}

/**
 * Version 1: page and limit inside a window of at most 6 hours (see v1Window), which bounds the OFFSET.
 */
export async function listCheckResultsV1({
  ctx,
  checkId,
  query,
}: {
  ctx: DomainContext;
  checkId: unknown;
  query: unknown;
}) {
  const { limit, page, from, to, ...filters } = parseInput(ListCheckResultsV1Query, query, "query");
  const sql = selectResults({
    checkId: String(checkId),
    accountId: ctx.accountId,
    filters: { ...filters, ...v1Window({ from, to }, ctx.now()) },
    limit,
    offset: (page - 1) * limit,
  });
  const rows = await readResultsAsJson(ctx, sql);
  if (rows.length === 0) await ownedCheck({ ctx, id: checkId });
  return rows;
}
