import { z } from "zod";
import { ListCheckResultsQuery, listCheckResults } from "../../domain/check-results/index.js";
import { JsonText, type Route, uuidParam } from "../route.js";
import { CheckResultResponse, checkResultsJson } from "../v1/check-results.js";

export const CheckResultsPageResponse = z.object({
  length: z.number().int().describe("The number of entries in this page"),
  entries: z.array(CheckResultResponse.partial()),
  nextId: z.string().nullable().describe("Pass as `nextId` for the next page; null on the last page"),
});

export const checkResultsV2Routes: Route[] = [
  {
    method: "GET",
    path: "/v2/check-results/{checkId}",
    operationId: "listCheckResults",
    summary: "List check results, version 2 (cursor pages, newest first)",
    description: "No default time window. Follow `nextId` until it is null.",
    tag: "Check results",
    params: { checkId: uuidParam("The id of the check") },
    query: ListCheckResultsQuery,
    status: 200,
    response: CheckResultsPageResponse,
    handler: async ({ ctx, params, query }) => {
      const page = await listCheckResults({ ctx, checkId: params.checkId, query });
      const entries = checkResultsJson(page.entries, page.fields ?? undefined);
      return new JsonText(
        `{"length":${page.entries.length},"entries":${entries},"nextId":${JSON.stringify(page.nextId)}}`,
      );
    },
  },
];
