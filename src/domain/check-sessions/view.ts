import { FINISHED_STATUSES, type SessionStatus } from "./schemas.js";
import type { CheckSessionRow } from "./rows.js";

/** The API's view of a stored session; null when its check was deleted (its runs went with it). */
export function toCheckSessionView(session: CheckSessionRow, results: ConciseResult[] | null) {
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

export type CheckSessionView = NonNullable<ReturnType<typeof toCheckSessionView>>;
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
