import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { RESULT_TYPES } from "../../domain/check-results/index.js";
import {
  AwaitCheckSessionQuery,
  awaitCheckSessionCompletion,
  CancelCheckSessionInput,
  cancelCheckSession,
  type ConciseResult,
  getCheckSession,
  SESSION_STATUSES,
  type CheckSessionView,
  TriggerCheckSessionInput,
  triggerCheckSessions,
} from "../../domain/check-sessions/index.js";
import { CHECK_TYPES } from "../../domain/shared/schemas.js";
import { errorBody, sendShuttingDown } from "../errors.js";
import { iso, isoString } from "../format.js";
import { type Route, uuidParam } from "../route.js";

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
  checkSessionLink: z.string().describe("The session in this API"),
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

/** Links point at this API; the base is the address the client used. */
const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

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

export function toCheckSessionResponse(
  s: CheckSessionView,
  base: string,
  now: Date,
): z.infer<typeof CheckSessionResponse> {
  return {
    checkSessionId: s.id,
    checkSessionLink: `${base}/v1/check-sessions/${s.id}`,
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

/** Aborts when the client goes away before the answer, so a long wait ends with it. */
const tag = "Check sessions";
const params = { checkSessionId: uuidParam("The id of the check session") };

export const checkSessionsRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/check-sessions/trigger",
    operationId: "triggerCheckSessions",
    summary: "Trigger a check session for each matching check",
    description:
      "Matches activated checks by `target.checkId` and `target.matchTags` (both when both are given; all checks when neither). Answers at once; the runs are queued.",
    tag,
    body: TriggerCheckSessionInput,
    bodyOptional: true,
    status: 201,
    response: z.object({ sessions: z.array(CheckSessionResponse.omit({ results: true })) }),
    handler: async ({ ctx, body, request }) => ({
      sessions: (await triggerCheckSessions({ ctx, input: body })).map((s) =>
        toCheckSessionResponse(s, baseOf(request), ctx.now()),
      ),
    }),
  },
  {
    method: "GET",
    path: "/v1/check-sessions/{checkSessionId}",
    operationId: "getCheckSession",
    summary: "Retrieve a check session with its results so far",
    description:
      "The session's status and the results its runs recorded so far; poll it, or wait with the completion operation.",
    tag,
    params,
    status: 200,
    response: CheckSessionResponse,
    handler: async ({ ctx, params, request }) =>
      toCheckSessionResponse(await getCheckSession({ ctx, id: params.checkSessionId }), baseOf(request), ctx.now()),
  },
  {
    method: "GET",
    path: "/v1/check-sessions/{checkSessionId}/completion",
    operationId: "awaitCheckSessionCompletion",
    summary: "Wait for a check session to finish",
    description: "Waits up to `maxWaitSeconds` (1 to 30, default 30); 408 while the session still runs: call again.",
    tag,
    params,
    query: AwaitCheckSessionQuery,
    status: 200,
    response: CheckSessionResponse,
    otherResponses: {
      408: "The session is still running after the wait; call again (see Retry-After)",
      503: "The server is shutting down and cut the wait short; call again (see Retry-After)",
    },
    handler: async ({ ctx, params, query, request, reply, signal }) => {
      const { finished, session } = await awaitCheckSessionCompletion({
        ctx,
        id: params.checkSessionId,
        query,
        signal,
      });
      if (finished) return toCheckSessionResponse(session, baseOf(request), ctx.now());
      // Cut short by a shutdown (or a client that left): not "still running after the wait".
      if (signal.aborted) return sendShuttingDown(reply);
      const message = "check session is still in progress, but the maximum wait time was exceeded; please retry";
      return reply.status(408).header("retry-after", "1").send(errorBody(408, message));
    },
  },
  {
    method: "POST",
    path: "/v1/check-sessions/{checkSessionId}/cancel",
    operationId: "cancelCheckSession",
    summary: "Cancel a check session",
    description:
      "Cancels every run still queued or running, or only those of `sequenceId`. 204 also when the session has already finished (nothing changes).",
    tag,
    params,
    body: CancelCheckSessionInput,
    bodyOptional: true,
    status: 204,
    handler: async ({ ctx, params, body }) => cancelCheckSession({ ctx, id: params.checkSessionId, input: body }),
  },
];
