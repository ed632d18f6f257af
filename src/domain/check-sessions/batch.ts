import type { DomainContext } from "../shared/context.js";
import { isUuid } from "../shared/ids.js";
import { runsOfSession } from "./rows.js";
import { toCheckSessionView, type CheckSessionView } from "./view.js";

/** The caller's sessions with these ids, without their results, in the ids' order (null where there is none): one query. */
export async function getCheckSessions({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(CheckSessionView | null)[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  const sessions = wanted.length
    ? await ctx.db.checkSession.findMany({
        where: { id: { in: wanted }, accountId: ctx.accountId },
        include: { runs: runsOfSession },
      })
    : [];
  const byId = new Map(sessions.map((session) => [session.id, toCheckSessionView(session, null)]));
  return ids.map((id) => (typeof id === "string" ? (byId.get(id) ?? null) : null));
}
