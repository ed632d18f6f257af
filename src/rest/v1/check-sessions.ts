import {
  AwaitCheckSessionQuery,
  awaitCheckSessionCompletion,
  CancelCheckSessionInput,
  cancelCheckSession,
  getCheckSession,
  TriggerCheckSessionInput,
  triggerCheckSessions,
} from "../../domain/check-sessions/index.js";
import { errorBody, sendShuttingDown } from "../../http/errors.js";
import { type Route, uuidParam } from "../route.js";
import { baseOf, SESSION_RESPONSES, toCheckSessionResponse } from "./check-sessions-response.js";

export { CheckSessionResponse, toCheckSessionResponse } from "./check-sessions-response.js";

const tag = "Check sessions";
const params = { checkSessionId: uuidParam("The id of the check session") };

/**
 * Trigger, read and await, for v1 and v2: the same domain verbs; v2 differs in its shapes only
 * (check-sessions-response.ts: results always listed, a completed session's status, links to v2).
 */
export function checkSessionReadRoutes(version: "v1" | "v2"): Route[] {
  const suffix = version === "v2" ? "V2" : "";
  const v2 = version === "v2" ? " (v2)" : "";
  const responses = SESSION_RESPONSES[version];
  return [
    {
      method: "POST",
      path: `/${version}/check-sessions/trigger`,
      operationId: `triggerCheckSessions${suffix}`,
      summary: `Trigger a check session for each matching check${v2}`,
      description:
        "Matches activated checks by `target.checkId` and `target.matchTags` (both when both are given; all checks when neither). Answers at once; the runs are queued.",
      tag,
      body: TriggerCheckSessionInput,
      // The reference's v2 marks the body required; an omitted one is still taken as `{}`.
      bodyOptional: version === "v1",
      status: 201,
      response: responses.trigger,
      handler: async ({ ctx, body, request }) => ({
        sessions: (await triggerCheckSessions({ ctx, input: body })).map((s) =>
          toCheckSessionResponse(s, baseOf(request), ctx.now(), version),
        ),
      }),
    },
    {
      method: "GET",
      path: `/${version}/check-sessions/{checkSessionId}`,
      operationId: `getCheckSession${suffix}`,
      summary: `Retrieve a check session with its results so far${v2}`,
      description:
        "The session's status and the results its runs recorded so far; poll it, or wait with the completion operation.",
      tag,
      params,
      status: 200,
      response: responses.one,
      handler: async ({ ctx, params, request }) =>
        toCheckSessionResponse(
          await getCheckSession({ ctx, id: params.checkSessionId }),
          baseOf(request),
          ctx.now(),
          version,
        ),
    },
    {
      method: "GET",
      path: `/${version}/check-sessions/{checkSessionId}/completion`,
      operationId: `awaitCheckSessionCompletion${suffix}`,
      summary: `Wait for a check session to finish${v2}`,
      description: "Waits up to `maxWaitSeconds` (1 to 30, default 30); 408 while the session still runs: call again.",
      tag,
      params,
      query: AwaitCheckSessionQuery,
      status: 200,
      response: responses.completion,
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
        if (finished) return toCheckSessionResponse(session, baseOf(request), ctx.now(), version);
        // Cut short by a shutdown (or a client that left): not "still running after the wait".
        if (signal.aborted) return sendShuttingDown(reply);
        const message = "check session is still in progress, but the maximum wait time was exceeded; please retry";
        return reply.status(408).header("retry-after", "1").send(errorBody(408, message));
      },
    },
  ];
}

export const checkSessionsRoutes: Route[] = [
  ...checkSessionReadRoutes("v1"),
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
