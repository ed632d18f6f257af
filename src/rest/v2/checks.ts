import { z } from "zod";
import { GetCheckQuery, ListChecksQuery, listChecks, readCheck } from "../../domain/checks/index.js";
import { type Route, uuidParam } from "../route.js";
import { groupChecksRoutes } from "../v1/check-group-checks.js";
import { APPLY_GROUP_SETTINGS } from "../v1/checks.js";
import { baseUrl, CheckResponse, toCheckResponse } from "../v1/checks-response.js";

/**
 * The reference's v2 of the checks' reads: v1 less the flat `project`, `logicalId`, `member` and
 * `pending` fields, which v1 here never had, so both answer the same shapes from one mapper.
 */
export const checksV2Routes: Route[] = [
  {
    method: "GET",
    path: "/v2/checks",
    operationId: "listChecksV2",
    summary: "List checks, newest first (v2)",
    description: `As \`GET /v1/checks\`: pages of \`limit\` checks (default 10), \`page\` from 1; filter by \`checkType\`, \`tag\` (at least one of), \`search\` (part of the name), \`status\` and \`apiCheckUrlFilterPattern\` (part of an API check's URL). ${APPLY_GROUP_SETTINGS}`,
    tag: "Checks",
    query: ListChecksQuery,
    status: 200,
    response: z.array(CheckResponse),
    handler: async ({ ctx, query, request }) =>
      (await listChecks({ ctx, query })).map((check) => toCheckResponse(check, baseUrl(request))),
  },
  {
    method: "GET",
    path: "/v2/checks/{id}",
    operationId: "getCheckV2",
    summary: "Retrieve a check (v2)",
    description: `As \`GET /v1/checks/{id}\`. A check of another account is a 404. ${APPLY_GROUP_SETTINGS}`,
    tag: "Checks",
    params: { id: uuidParam("The id of the check") },
    query: GetCheckQuery,
    status: 200,
    response: CheckResponse,
    handler: async ({ ctx, params, query, request }) =>
      toCheckResponse(await readCheck({ ctx, id: params.id, query }), baseUrl(request)),
  },
  ...groupChecksRoutes("v2"),
];
