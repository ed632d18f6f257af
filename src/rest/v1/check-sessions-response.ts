import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { RESULT_TYPES } from "../../domain/check-results/index.js";
import {
  type CheckSessionView,
  type ConciseResult,
  FINISHED_STATUSES,
  SESSION_STATUSES,
} from "../../domain/check-sessions/index.js";
import { CHECK_TYPES } from "../../domain/shared/schemas.js";
import { iso, isoString } from "../format.js";

const ConciseResultResponse = z.object({
  checkResultId: z.string(),
  checkResultLink: z.string().describe("The result in this API"),
  checkId: z.string(),
  checkType: z.enum(CHECK_TYPES),
  name: z.string(),
  runLocation: z.string(),
  resultType: z.enum(RESULT_TYPES),
  hasErrors: z.boolean(),
  hasFailures: z.boolean(),
  isDegraded: z.boolean(),
  aborted: z.boolean().describe("The run did not complete (it was cancelled)"),
  isCancelled: z.boolean(),
  responseTime: z.number().nullable(),
  startedAt: isoString.nullable(),
  stoppedAt: isoString.nullable(),
});

export const CheckSessionResponse = z.object({
  checkSessionId: z.string(),
  checkSessionLink: z.string().describe("The session in this API, under the version it was asked with"),
  checkId: z.string(),
  checkType: z.enum(CHECK_TYPES),
  name: z.string(),
  status: z.enum(SESSION_STATUSES),
  startedAt: isoString,
  stoppedAt: isoString.nullable(),
  timeElapsed: z.number().describe("Milliseconds from start to stop (or to now while running)"),
  runLocations: z.array(z.string()),
  runSource: z.literal("TRIGGER_API"),
  results: z.array(ConciseResultResponse).optional(),
});

/** v1's shapes, and v2's stricter ones (CheckSessionsV2*): results always there, a finished session's status. */
const Session = CheckSessionResponse.omit({ results: true });
const WithResults = Session.extend({ results: z.array(ConciseResultResponse) });
export const SESSION_RESPONSES = {
  v1: {
    trigger: z.object({ sessions: z.array(Session) }),
    one: CheckSessionResponse,
    completion: CheckSessionResponse,
  },
  v2: {
    trigger: z.object({ sessions: z.array(Session) }),
    one: WithResults,
    completion: WithResults.extend({
      status: z.enum(FINISHED_STATUSES as [string, ...string[]]),
      stoppedAt: isoString,
    }),
  },
};

/** Links point at this API; the base is the address the client used. */
export const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function toConciseResult(r: ConciseResult, base: string): z.infer<typeof ConciseResultResponse> {
  return {
    checkResultId: r.id,
    checkResultLink: `${base}/v1/check-results/${r.checkId}/${r.id}`,
    checkId: r.checkId,
    checkType: r.checkType as (typeof CHECK_TYPES)[number],
    name: r.name,
    runLocation: r.runLocation,
    resultType: r.resultType as (typeof RESULT_TYPES)[number],
    hasErrors: r.hasErrors,
    hasFailures: r.hasFailures,
    isDegraded: r.isDegraded ?? false,
    aborted: r.isCancelled,
    isCancelled: r.isCancelled,
    responseTime: r.responseTime,
    startedAt: iso(r.startedAt),
    stoppedAt: iso(r.stoppedAt),
  };
}

/** A session's link names the version it was asked with; a result's is v1's (the reference has no v2 one). */
export function toCheckSessionResponse(
  s: CheckSessionView,
  base: string,
  now: Date,
  version: "v1" | "v2" = "v1",
): z.infer<typeof CheckSessionResponse> {
  return {
    checkSessionId: s.id,
    checkSessionLink: `${base}/${version}/check-sessions/${s.id}`,
    checkId: s.check.id,
    checkType: s.check.checkType as (typeof CHECK_TYPES)[number],
    name: s.name,
    status: s.status,
    startedAt: iso(s.startedAt),
    stoppedAt: iso(s.stoppedAt),
    timeElapsed: Math.max(0, (s.stoppedAt ?? now).getTime() - s.startedAt.getTime()),
    runLocations: s.runLocations,
    runSource: "TRIGGER_API",
    ...(s.results ? { results: s.results.map((r) => toConciseResult(r, base)) } : {}),
  };
}
