import { z } from "zod";
import { GetCheckQuery, ListChecksQuery, listChecks, readCheck } from "../../domain/checks/index.js";
import { type Route, uuidParam } from "../route.js";
import { baseUrl, CheckResponse, toCheckResponse } from "./checks-response.js";

/** The reference's `applyGroupSettings` (v1 and v2 alike). */
const APPLY_GROUP_SETTINGS =
  "With `applyGroupSettings=true`, a check of a group is shown as it runs, with its group's settings applied (as `GET /v1/check-groups/{id}/checks` shows it).";

/**
 * The checks' reads, list and one, for v1 and v2: the reference's v2 drops v1's flat `project`,
 * `logicalId`, `member` and `pending` fields, which v1 here never had, so both answer the same
 * shapes from one mapper.
 */
export function checkReadRoutes(version: "v1" | "v2"): Route[] {
  const suffix = version === "v2" ? "V2" : "";
  const v2 = version === "v2" ? " (v2)" : "";
  return [
    {
      method: "GET",
      path: `/${version}/checks`,
      operationId: `listChecks${suffix}`,
      summary: `List checks, newest first${v2}`,
      description: `Pages of \`limit\` checks (default 10), \`page\` from 1; filter by \`checkType\`, \`tag\` (at least one of), \`search\` (part of the name), \`status\` and \`apiCheckUrlFilterPattern\` (part of an API check's URL). ${APPLY_GROUP_SETTINGS}`,
      tag: "Checks",
      query: ListChecksQuery,
      status: 200,
      response: z.array(CheckResponse),
      handler: async ({ ctx, query, request }) =>
        (await listChecks({ ctx, query })).map((check) => toCheckResponse(check, baseUrl(request))),
    },
    {
      method: "GET",
      path: `/${version}/checks/{id}`,
      operationId: `getCheck${suffix}`,
      summary: `Retrieve a check${v2}`,
      description: `The check with its type's properties (a heartbeat check also shows its \`pingUrl\`). A check of another account is a 404. ${APPLY_GROUP_SETTINGS}`,
      tag: "Checks",
      params: { id: uuidParam("The id of the check") },
      query: GetCheckQuery,
      status: 200,
      response: CheckResponse,
      handler: async ({ ctx, params, query, request }) =>
        toCheckResponse(await readCheck({ ctx, id: params.id, query }), baseUrl(request)),
    },
  ];
}
