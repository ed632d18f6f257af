import type { z } from "zod";
import { V1_WINDOW_MS } from "../check-results/schemas.js";
import { PageQuery, queryBoolean, queryInt, querySchema, queryTime } from "../shared/schemas.js";

/**
 * `GET /v1/alert-notifications` (docs/decisions.md, Alerting): page and limit inside the 6-hour
 * window of the check results v1 list, a channel, and `hasFailures` (true: FAILURE ones only).
 */
export const ListAlertNotificationsQuery = querySchema({
  ...PageQuery,
  from: queryTime.optional(),
  to: queryTime.optional(),
  alertChannelId: queryInt(1, 2_147_483_647).optional(),
  hasFailures: queryBoolean.optional(),
}).superRefine((query, ctx) => {
  if (query.from && query.to && query.to.getTime() <= query.from.getTime())
    ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
  else if (query.from && query.to && query.to.getTime() - query.from.getTime() > V1_WINDOW_MS)
    ctx.addIssue({ code: "custom", path: ["to"], message: "must be at most 6 hours after from" });
});
export type ListAlertNotificationsQuery = z.input<typeof ListAlertNotificationsQuery>;

/**
 * The window of the v1 lists (as the check results v1 list reads it): default the 6 hours before
 * now; `from` alone ends 6 hours later, `to` alone starts 6 hours earlier.
 */
export function v1Window(query: { from?: Date | undefined; to?: Date | undefined }, now: Date) {
  const start = query.from ?? new Date((query.to ?? now).getTime() - V1_WINDOW_MS);
  const end = query.to ?? new Date(start.getTime() + V1_WINDOW_MS);
  return { start, end };
}
