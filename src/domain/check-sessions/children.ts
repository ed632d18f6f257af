import { resultPagesBy } from "../check-results/children.js";
import { selectSessionResults } from "../check-results/rows.js";
import type { DomainContext } from "../shared/context.js";
import type { PageArgs } from "../shared/pagination.js";

/**
 * A keyset page of the results recorded in each of these sessions (FINAL and ATTEMPT alike),
 * newest first, in the ids' order: one statement for a list of sessions.
 */
export function pageResultsOfSessions({
  ctx,
  sessionIds,
  args,
}: {
  ctx: DomainContext;
  sessionIds: readonly string[];
  args: PageArgs;
}) {
  return resultPagesBy({
    ctx,
    keys: sessionIds,
    args,
    keyOf: (row) => row.sessionId ?? "",
    select: (sessionId, limit, position) =>
      selectSessionResults({ sessionId, accountId: ctx.accountId, limit, ...position }),
  });
}
