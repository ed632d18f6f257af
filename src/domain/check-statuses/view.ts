import type { Check } from "../../generated/sqlite/client.js";
import type { CheckStatusRow, RunFacts } from "./rows.js";

/** The filter values of GET /v1/checks?status= (reference), and the `status` a check status shows. */
export const CHECK_STATUSES = ["passing", "degraded", "failing"] as const;
export type CheckStatusValue = (typeof CHECK_STATUSES)[number];

/** What a status is shown with: the check's name and dates, and its stored row (null: never ran). */
export type CheckWithStatus = Pick<Check, "id" | "name" | "createdAt"> & { status: CheckStatusRow | null };
/** The read of a check for its status view (one query, the status row joined). */
export const checkWithStatusSelect = { id: true, name: true, createdAt: true, status: true } as const;

/**
 * The reference's CheckStatus plus `status` (passing, degraded or failing: the alerting
 * condition, with the values of GET /v1/checks?status=) and `statusSince` (when it became so;
 * null until the first run). A check that never ran shows the defaults of a passing one.
 */
export type CheckStatusView = {
  name: string;
  checkId: string;
  status: CheckStatusValue;
  statusSince: Date | null;
  /** Not measured yet: always null. */
  sslDaysRemaining: null;
  createdAt: Date;
  updatedAt: Date | null;
} & Pick<
  RunFacts,
  "hasFailures" | "hasErrors" | "isDegraded" | "longestRun" | "shortestRun" | "lastRunLocation" | "lastCheckRunId"
>;

export function toCheckStatusView(check: Pick<Check, "id" | "name" | "createdAt">, row: CheckStatusRow | null) {
  return {
    name: check.name,
    checkId: check.id,
    status: (row?.condition.toLowerCase() ?? "passing") as CheckStatusValue,
    statusSince: row?.since ?? null,
    hasFailures: row?.hasFailures ?? false,
    hasErrors: row?.hasErrors ?? false,
    isDegraded: row?.isDegraded ?? false,
    longestRun: row?.longestRun ?? null,
    shortestRun: row?.shortestRun ?? null,
    lastRunLocation: row?.lastRunLocation ?? null,
    lastCheckRunId: row?.lastCheckRunId ?? null,
    sslDaysRemaining: null,
    // A never-run check's status exists as long as the check does.
    createdAt: row?.createdAt ?? check.createdAt,
    updatedAt: row?.updatedAt ?? null,
  } satisfies CheckStatusView;
}

/**
 * The Prisma condition on checks for GET /v1/checks?status= (and the GraphQL filter): in SQL, a
 * check without a status row counting as passing.
 */
export function checkStatusWhere(status: CheckStatusValue | undefined) {
  if (!status) return {};
  if (status !== "passing") return { status: { is: { condition: status.toUpperCase() } } };
  return { NOT: { status: { is: { condition: { not: "PASSING" } } } } };
}
