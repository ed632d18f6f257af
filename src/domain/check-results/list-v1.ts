import type { DomainContext } from "../context.js";
import { parseInput } from "../validation.js";
import { ownedCheck } from "./check.js";
import { type CheckResultRow, selectResults } from "./select.js";
import { ListCheckResultsV1Query, V1_WINDOW_MS } from "./schemas.js";

/**
 * Version 1: page and limit inside a window of at most 6 hours (default: the 6 hours before now;
 * `from` alone ends 6 h later, `to` alone starts 6 h earlier), which bounds the OFFSET.
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
  const start = from ?? new Date((to ?? ctx.now()).getTime() - V1_WINDOW_MS);
  const end = to ?? new Date(start.getTime() + V1_WINDOW_MS);
  const sql = selectResults({
    checkId: String(checkId),
    accountId: ctx.accountId,
    filters: { ...filters, from: start, to: end },
    limit,
    offset: (page - 1) * limit,
  });
  const rows = await ctx.db.$queryRaw<CheckResultRow[]>(sql);
  if (rows.length === 0) await ownedCheck({ ctx, id: checkId });
  return rows;
}
