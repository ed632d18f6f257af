import { z } from "zod";
import { PrivateLocationMetricsQuery, privateLocationMetrics } from "../../domain/private-locations/index.js";
import { isoString } from "../format.js";
import { type Route, uuidParam } from "../route.js";

/** The reference's privateLocationsMetricsHistoryResponseSchema. */
const MetricsResponse = z.object({
  timestamps: z.array(isoString).describe("The start of each bucket"),
  queueSize: z.array(z.number()).describe("The most runs waiting for an agent at once in the bucket"),
  oldestScheduledCheckRun: z
    .array(z.number())
    .describe("The age in seconds of the oldest run waiting for an agent in the bucket (0: none waited)"),
});

export const privateLocationMetricsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/private-locations/{id}/metrics",
    operationId: "getPrivateLocationMetrics",
    summary: "Retrieve a private location's queue metrics over a window",
    description:
      "From the location's runs: a run waits from when it is due until an agent claims it (or it is dropped or cancelled). One point per bucket of 1 minute (windows up to 6 hours), 10 minutes (up to 3 days) or 1 hour; `from` must be less than 15 days ago, a `to` to come counts as now. A location of another account is a 404.",
    tag: "Private locations",
    params: { id: uuidParam("The id of the private location") },
    query: PrivateLocationMetricsQuery,
    status: 200,
    response: MetricsResponse,
    handler: async ({ ctx, params, query }) => {
      const metrics = await privateLocationMetrics({ ctx, id: params.id, query });
      return { ...metrics, timestamps: metrics.timestamps.map((t) => t.toISOString()) };
    },
  },
];
