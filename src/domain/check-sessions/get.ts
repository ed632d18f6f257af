import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { conciseResult, runsOfSession } from "./rows.js";
import { toCheckSessionView, type ConciseResult } from "./view.js";

/** The session with the results recorded so far (partial while it runs). */
export async function getCheckSession({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  return findCheckSession({ ctx, id, withResults: true });
}

/**
 * A session as the API shows it: one session per check, so the check (and the run locations)
 * come from its runs. A session whose check was deleted has lost its runs and counts as gone.
 */
export async function findCheckSession({
  ctx,
  id,
  withResults,
}: {
  ctx: DomainContext;
  id: unknown;
  withResults: boolean;
}) {
  const session = isUuid(id)
    ? await ctx.db.checkSession.findFirst({
        where: { id, accountId: ctx.accountId },
        include: {
          runs: runsOfSession,
          ...(withResults
            ? { results: { select: conciseResult, orderBy: [{ startedAt: "asc" as const }, { id: "asc" as const }] } }
            : {}),
        },
      })
    : null;
  const view = session
    ? toCheckSessionView(session, "results" in session ? (session.results as ConciseResult[]) : null)
    : null;
  if (!view) throw new NotFoundError("check session", String(id));
  return view;
}
