import type { DomainContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import { isUuid } from "../ids.js";
import { FINISHED_STATUSES, type SessionStatus } from "./schemas.js";

const conciseResult = {
  id: true,
  checkId: true,
  name: true,
  checkType: true,
  runLocation: true,
  resultType: true,
  hasErrors: true,
  hasFailures: true,
  isDegraded: true,
  isCancelled: true,
  responseTime: true,
  startedAt: true,
  stoppedAt: true,
  sequenceId: true,
} as const;

/** What a session is read with: its runs name the check and the locations. */
const runsOfSession = {
  select: {
    location: true,
    privateLocation: { select: { slugName: true } },
    check: { select: { id: true, name: true, checkType: true } },
  },
  orderBy: { id: "asc" },
} as const;

type StoredSession = {
  id: string;
  name: string | null;
  status: string;
  startedAt: Date;
  stoppedAt: Date | null;
  runs: {
    location: string | null;
    privateLocation: { slugName: string } | null;
    check: { id: string; name: string; checkType: string };
  }[];
};

/** The API's view of a stored session; null when its check was deleted (its runs went with it). */
function toView(session: StoredSession, results: ConciseResult[] | null) {
  const check = session.runs[0]?.check;
  if (!check) return null;
  return {
    id: session.id,
    name: session.name ?? check.name,
    status: session.status as SessionStatus,
    startedAt: session.startedAt,
    stoppedAt: session.stoppedAt,
    check,
    runLocations: [...new Set(session.runs.map((run) => run.location ?? run.privateLocation?.slugName ?? ""))],
    results,
  };
}

/**
 * A session as the API shows it: one session per check, so the check (and the run locations)
 * come from its runs. A session whose check was deleted has lost its runs and counts as gone.
 */
export async function loadSession({ ctx, id, withResults }: { ctx: DomainContext; id: unknown; withResults: boolean }) {
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
  const view = session ? toView(session, "results" in session ? (session.results as ConciseResult[]) : null) : null;
  if (!view) throw new NotFoundError("check session", String(id));
  return view;
}

/** The caller's sessions with these ids, without their results, in the ids' order (null where there is none): one query. */
export async function getCheckSessions({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(SessionView | null)[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  const sessions = wanted.length
    ? await ctx.db.checkSession.findMany({
        where: { id: { in: wanted }, accountId: ctx.accountId },
        include: { runs: runsOfSession },
      })
    : [];
  const byId = new Map(sessions.map((session) => [session.id, toView(session, null)]));
  return ids.map((id) => (typeof id === "string" ? (byId.get(id) ?? null) : null));
}

export type SessionView = Awaited<ReturnType<typeof loadSession>>;
export type ConciseResult = {
  id: string;
  checkId: string;
  name: string;
  checkType: string;
  runLocation: string;
  resultType: string;
  hasErrors: boolean;
  hasFailures: boolean;
  isDegraded: boolean | null;
  isCancelled: boolean;
  responseTime: number;
  startedAt: Date;
  stoppedAt: Date | null;
  sequenceId: string | null;
};

export const isFinished = (session: { status: SessionStatus }) => FINISHED_STATUSES.includes(session.status);
