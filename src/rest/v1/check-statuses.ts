import { z } from "zod";
import {
  CHECK_STATUSES,
  type CheckStatusView,
  getCheckStatus,
  listCheckStatuses,
} from "../../domain/check-statuses/index.js";
import { iso, isoString, timestamps } from "../format.js";
import { type Route, uuidParam } from "../route.js";

/** The reference's CheckStatus, plus `status` and `statusSince` (docs/decisions.md, Alerting). */
export const CheckStatusResponse = z.object({
  name: z.string(),
  checkId: z.string(),
  status: z.enum(CHECK_STATUSES).describe("The check's condition: passing, degraded or failing (the alerting state)."),
  statusSince: isoString.nullable().describe("When the check became so; null until its first run."),
  hasFailures: z.boolean(),
  hasErrors: z.boolean(),
  isDegraded: z.boolean(),
  longestRun: z.number().nullable(),
  shortestRun: z.number().nullable(),
  lastRunLocation: z.string().nullable(),
  lastCheckRunId: z.string().nullable(),
  sslDaysRemaining: z.number().nullable(),
  ...timestamps,
});
export type CheckStatusResponse = z.infer<typeof CheckStatusResponse>;

export function toCheckStatusResponse(v: CheckStatusView): CheckStatusResponse {
  return {
    name: v.name,
    checkId: v.checkId,
    status: v.status,
    statusSince: iso(v.statusSince),
    hasFailures: v.hasFailures,
    hasErrors: v.hasErrors,
    isDegraded: v.isDegraded,
    longestRun: v.longestRun,
    shortestRun: v.shortestRun,
    lastRunLocation: v.lastRunLocation,
    // The reference types the run id as a string.
    lastCheckRunId: v.lastCheckRunId === null ? null : String(v.lastCheckRunId),
    sslDaysRemaining: v.sslDaysRemaining,
    created_at: iso(v.createdAt),
    updated_at: iso(v.updatedAt),
  };
}

const tag = "Check status";

export const checkStatusesRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/check-statuses",
    operationId: "listCheckStatuses",
    summary: "List all check statuses",
    description:
      "Every check of the account with its current status, newest check first; a check that never ran shows as passing, with no run data.",
    tag,
    status: 200,
    response: z.array(CheckStatusResponse),
    handler: async ({ ctx }) => (await listCheckStatuses({ ctx })).map(toCheckStatusResponse),
  },
  {
    method: "GET",
    path: "/v1/check-statuses/{checkId}",
    operationId: "getCheckStatus",
    summary: "Retrieve a check's status",
    description: "The current status of one of the account's checks; a check that never ran shows as passing.",
    tag,
    params: { checkId: uuidParam("The id of the check") },
    status: 200,
    response: CheckStatusResponse,
    handler: async ({ ctx, params }) => toCheckStatusResponse(await getCheckStatus({ ctx, checkId: params.checkId })),
  },
];
