import { z } from "zod";
import {
  AgenticCheckResult,
  ApiCheckResult,
  BrowserCheckResult,
  getCheckResult,
  ListCheckResultsV1Query,
  listCheckResultsV1,
  MultiStepCheckResult,
  RESULT_TYPES,
  SslCheckResult,
} from "../../domain/check-results/index.js";
import type { CheckResultRow } from "../../domain/check-results/index.js";
import { iso, isoString } from "../format.js";
import { type Route, uuidParam } from "../route.js";

/** Every field of the spec's check-result table; one shape for v1 and v2. */
export const CheckResultResponse = z.object({
  id: z.string(),
  name: z.string(),
  checkId: z.string(),
  hasFailures: z.boolean(),
  hasErrors: z.boolean(),
  isDegraded: z.boolean().nullable(),
  isCancelled: z.boolean(),
  overMaxResponseTime: z.boolean().nullable(),
  runLocation: z.string(),
  startedAt: isoString.nullable(),
  stoppedAt: isoString.nullable(),
  created_at: isoString,
  responseTime: z.number(),
  apiCheckResult: ApiCheckResult.nullable(),
  browserCheckResult: BrowserCheckResult.nullable(),
  multiStepCheckResult: MultiStepCheckResult.nullable(),
  agenticCheckResult: AgenticCheckResult.nullable(),
  sslCheckResult: SslCheckResult.nullable(),
  checkRunId: z.number().int().nullable(),
  attempts: z.number().int(),
  resultType: z.enum(RESULT_TYPES),
  sequenceId: z.string().nullable(),
  errorGroupIds: z.array(z.string()),
});
export type CheckResultResponse = z.infer<typeof CheckResultResponse>;

type JsonObject = Record<string, unknown> | null;

export function toCheckResultResponse(r: CheckResultRow): CheckResultResponse {
  return {
    id: r.id,
    name: r.name,
    checkId: r.checkId,
    hasFailures: r.hasFailures,
    hasErrors: r.hasErrors,
    isDegraded: r.isDegraded,
    isCancelled: r.isCancelled,
    overMaxResponseTime: r.overMaxResponseTime,
    runLocation: r.runLocation,
    startedAt: iso(r.startedAt),
    stoppedAt: iso(r.stoppedAt),
    created_at: iso(r.createdAt),
    responseTime: r.responseTime,
    apiCheckResult: r.apiCheckResult as JsonObject,
    browserCheckResult: r.browserCheckResult as JsonObject,
    multiStepCheckResult: r.multiStepCheckResult as JsonObject,
    agenticCheckResult: r.agenticCheckResult as JsonObject,
    sslCheckResult: r.sslCheckResult as JsonObject,
    checkRunId: r.checkRunId,
    attempts: r.attempts,
    resultType: r.resultType as CheckResultResponse["resultType"],
    sequenceId: r.sequenceId,
    errorGroupIds: Array.isArray(r.errorGroupIds) ? (r.errorGroupIds as string[]) : [],
  };
}

const tag = "Check results";
const checkId = uuidParam("The id of the check");

export const checkResultsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/check-results/{checkId}",
    operationId: "listCheckResultsV1",
    summary: "List check results, version 1 (page and limit, newest first)",
    description:
      "Results inside a window of at most 6 hours: by default the 6 hours before now; `from` alone ends 6 hours later, `to` alone starts 6 hours earlier.",
    tag,
    deprecated: true,
    params: { checkId },
    query: ListCheckResultsV1Query,
    status: 200,
    response: z.array(CheckResultResponse),
    handler: async ({ ctx, params, query }) =>
      (await listCheckResultsV1({ ctx, checkId: params.checkId, query })).map(toCheckResultResponse),
  },
  {
    method: "GET",
    path: "/v1/check-results/{checkId}/{checkResultId}",
    operationId: "getCheckResult",
    summary: "Retrieve a check result",
    description:
      "One result of one of the account's checks, with its type's details (`apiCheckResult`, `browserCheckResult`...).",
    tag,
    params: { checkId, checkResultId: uuidParam("The id of the check result") },
    status: 200,
    response: CheckResultResponse,
    handler: async ({ ctx, params }) =>
      toCheckResultResponse(await getCheckResult({ ctx, checkId: params.checkId, id: params.checkResultId })),
  },
];
