import { parseInput } from "../shared/validation.js";
import { HeartbeatAvailabilityQuery, queryWindow, type Window } from "./schemas.js";

/** Window bounds as a typed caller (GraphQL DateTime) sends them; null means "not sent". */
export type WindowArgs = { startTime?: Date | null; endTime?: Date | null };

/** The window [start, end) of typed bounds, validated and defaulted exactly as the REST query's. */
export function typedWindow(args: WindowArgs, now: Date): Window {
  const query: Record<string, string> = {};
  if (args.startTime) query.startTime = args.startTime.toISOString();
  if (args.endTime) query.endTime = args.endTime.toISOString();
  return queryWindow(parseInput(HeartbeatAvailabilityQuery, query, "query"), now);
}
