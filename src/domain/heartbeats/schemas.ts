import { z } from "zod";
import { ValidationError } from "../shared/errors.js";
import { queryInt, querySchema, queryTime } from "../shared/schemas.js";

export { HEARTBEAT_STATES, type HeartbeatState } from "./state.js";

export const DAY_MS = 86_400_000;

const time = {
  startTime: queryTime
    .optional()
    .describe("Start of the window (UNIX seconds or ISO 8601); default endTime minus 24 hours"),
  endTime: queryTime
    .optional()
    .describe("End of the window, exclusive (UNIX seconds or ISO 8601); default startTime plus 24 hours, else now"),
};

export const HeartbeatAvailabilityQuery = querySchema(time);

export const ListHeartbeatEventsQuery = querySchema({
  ...time,
  limit: queryInt(1, 10).default(10).describe("How many events, newest first (1 to 10)"),
});

export type Window = { start: Date; end: Date };

/**
 * The window [start, end) of a query: the defaults are 24 hours apart (spec), ending now when
 * neither bound is sent; endTime must be after startTime.
 */
export function queryWindow(query: { startTime?: Date | undefined; endTime?: Date | undefined }, now: Date): Window {
  const end = query.endTime ?? (query.startTime ? new Date(query.startTime.getTime() + DAY_MS) : now);
  const start = query.startTime ?? new Date(end.getTime() - DAY_MS);
  if (end.getTime() <= start.getTime())
    throw new ValidationError("endTime: must be after startTime", ["endTime"], "query");
  return { start, end };
}

/** Ping request facts; header values are free text, cut to a sane length rather than refused. */
const headerValue = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim().slice(0, 1024) : null));

export const PingInput = z.object({ origin: headerValue, referer: headerValue, userAgent: headerValue });
export type PingInput = z.input<typeof PingInput>;
