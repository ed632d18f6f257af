import { z } from "zod";
import { getGroupCheck, ListGroupChecksQuery, listGroupChecks } from "../../domain/checks/index.js";
import { type Route, intIdParam, uuidParam } from "../route.js";
import { baseUrl, CheckResponse, toCheckResponse } from "./checks-response.js";

const tag = "Check groups";
const GROUP_SETTINGS =
  "With the group's settings applied, as the check runs: the group's locations, private locations and runtime when it has them, activated only while the group is, muted when the group is, the group's alert settings when it keeps its own, environment variables merged (the check's win), an API check's request under the group's `apiCheckDefaults`, a `FALLBACK` retry strategy as the group's.";

/** The checks of a check group, as lists and one at a time (v1; v2 answers the same shapes, see ../v2/checks.ts). */
export function groupChecksRoutes(version: "v1" | "v2"): Route[] {
  const suffix = version === "v2" ? "V2" : "";
  return [
    {
      method: "GET",
      path: `/${version}/check-groups/{id}/checks`,
      operationId: `listCheckGroupChecks${suffix}`,
      summary: `List the checks of a check group, in run order${version === "v2" ? " (v2)" : ""}`,
      description: `The group's checks by \`groupOrder\` (unset last), then oldest first; pages of \`limit\` (default 10), \`page\` from 1. ${GROUP_SETTINGS}`,
      tag,
      params: { id: intIdParam("The id of the check group") },
      query: ListGroupChecksQuery,
      status: 200,
      response: z.array(CheckResponse),
      handler: async ({ ctx, params, query, request }) =>
        (await listGroupChecks({ ctx, id: params.id, query })).map((check) => toCheckResponse(check, baseUrl(request))),
    },
    {
      method: "GET",
      path: `/${version}/check-groups/{groupId}/checks/{checkId}`,
      operationId: `getCheckGroupCheck${suffix}`,
      summary: `Retrieve one check of a check group${version === "v2" ? " (v2)" : ""}`,
      description: `A check of the group; a group of another account, or a check not in the group, is a 404. ${GROUP_SETTINGS}`,
      tag,
      params: { groupId: intIdParam("The id of the check group"), checkId: uuidParam("The id of the check") },
      status: 200,
      response: CheckResponse,
      handler: async ({ ctx, params, request }) =>
        toCheckResponse(
          await getGroupCheck({ ctx, groupId: params.groupId, checkId: params.checkId }),
          baseUrl(request),
        ),
    },
  ];
}
