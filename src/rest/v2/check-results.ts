import { z } from "zod";
import { type CheckResultField, ListCheckResultsQuery, listCheckResults } from "../../domain/check-results/index.js";
import { type Route, uuidParam } from "../route.js";
import { CheckResultResponse, toCheckResultResponse } from "../v1/check-results.js";

/** `fields` keeps only the named properties of each entry (the reference's projection). */
function project(entry: CheckResultResponse, fields: readonly CheckResultField[] | null): Partial<CheckResultResponse> {
  if (!fields) return entry;
  return Object.fromEntries(fields.map((field) => [field, entry[field]]));
}

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
      const entries = page.entries.map((row) => project(toCheckResultResponse(row), page.fields));
      return { length: entries.length, entries, nextId: page.nextId };
    },
  },
];
