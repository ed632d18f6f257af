import { z } from "zod";
import { getCheck, ListChecksQuery, listChecks } from "../../domain/checks/index.js";
import { type Route, uuidParam } from "../route.js";
import { groupChecksRoutes } from "../v1/check-group-checks.js";
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
    description:
      "As `GET /v1/checks`: pages of `limit` checks (default 10), `page` from 1; filter by `checkType`, `tag` (at least one of), `search` (part of the name), `status` and `apiCheckUrlFilterPattern` (part of an API check's URL).",
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
    description: "As `GET /v1/checks/{id}`. A check of another account is a 404.",
    tag: "Checks",
    params: { id: uuidParam("The id of the check") },
    status: 200,
    response: CheckResponse,
    handler: async ({ ctx, params, request }) =>
      toCheckResponse(await getCheck({ ctx, id: params.id }), baseUrl(request)),
  },
  ...groupChecksRoutes("v2"),
];
