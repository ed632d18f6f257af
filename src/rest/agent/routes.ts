import type { Readable } from "node:stream";
import { z } from "zod";
import { ASSET_CONTENT_TYPES, ASSET_KINDS, type AssetsContext, uploadAgentAsset } from "../../domain/assets/index.js";
import {
  AgentErrorReportInput,
  ClaimRunsInput,
  claimAgentRuns,
  PostRunResultInput,
  recordAgentResult,
  renewAgentLease,
  RenewLeaseInput,
  reportAgentError,
  type AgentContext,
} from "../../domain/agents/index.js";
import { iso, isoString } from "../format.js";
import { type Route, intIdParam, stringParam, uuidParam } from "../route.js";

export type AgentRouteInput = {
  /** Scoped to the private location of the agent's key. */
  ctx: AgentContext;
  params: Record<string, string>;
  body: unknown;
  /** Aborted when the agent goes away or the service begins to stop: ends a long-poll at once. */
  signal: AbortSignal;
  /** Aborted only when the agent's connection closed before the answer: it went away. */
  departed: AbortSignal;
  /** How long a claimed run is leased (AGENT_LEASE_MS). */
  leaseMs: number;
  headers: Record<string, string | string[] | undefined>;
  /** The asset store and its cap (uploads). */
  assets: AssetsContext;
};

/** An agent API operation: documented like the other routes, but authenticated by an agent key. */
export type AgentRoute = Omit<Route, "handler" | "auth" | "query"> & {
  handler: (input: AgentRouteInput) => Promise<unknown>;
};

const ClaimedRunResponse = z.object({
  id: z.number().int().describe("The run's id: the checkRunId of its results"),
  sequenceId: z.string(),
  runLocation: z.string().describe("The private location's slug: the runLocation of the results"),
  leaseMs: z.number().int().describe("The run is this agent's for this long unless renewed"),
  check: z.object({
    id: z.string(),
    name: z.string(),
    checkType: z.string(),
    degradedResponseTime: z.number().nullable(),
    maxResponseTime: z.number().nullable(),
    shouldFail: z.boolean(),
    degradedPacketLossThreshold: z.number().nullable().optional().describe("ICMP checks only (percent)"),
    maxPacketLossThreshold: z.number().nullable().optional().describe("ICMP checks only (percent)"),
    agentic: z
      .object({
        prompt: z.string().nullable(),
        assertions: z.array(z.string()),
        timeoutSeconds: z.number().nullable(),
      })
      .optional()
      .describe("AGENTIC checks only: the prompt, the conditions to assert and the check's time limit (seconds)"),
    scripted: z
      .object({
        script: z.string().nullable(),
        setupScripts: z.array(z.string()),
        tearDownScripts: z.array(z.string()),
        frequency: z.number(),
        playwright: z
          .object({
            files: z.array(z.object({ path: z.string(), content: z.string() })),
            testCommand: z.string().nullable(),
            pwProjects: z.array(z.string()),
            pwTags: z.array(z.string()),
            timeout: z.number().nullable(),
          })
          .nullable()
          .optional(),
      })
      .nullable()
      .optional()
      .describe("BROWSER, MULTI_STEP and PLAYWRIGHT checks only: script, setup and teardown, the Playwright project"),
  }),
  effective: z
    .record(z.string(), z.unknown())
    .describe("The check's settings with its group's applied: request, variables, retry strategy..."),
});

const tag = "Private-location agent";
const params = { id: intIdParam("The run's id") };
const keyNote = "Authenticated by an agent key: `Authorization: Bearer pl_...`; scoped to that key's private location.";

export const agentRoutes: AgentRoute[] = [
  {
    method: "POST",
    path: "/agent/v1/claims",
    operationId: "agentClaimRuns",
    summary: "Claim due runs of the agent's private location (long-poll)",
    description: `${keyNote} Waits up to waitMs for work when none is due, and answers at once when runs are queued; the answer may be empty.`,
    tag,
    body: ClaimRunsInput,
    status: 200,
    response: z.object({ runs: z.array(ClaimedRunResponse) }),
    otherResponses: { 409: "agentId is in use by an agent of another private location" },
    handler: ({ ctx, body, leaseMs, signal, departed }) =>
      claimAgentRuns({ ctx, input: body, leaseMs, signal, departed }),
  },
  {
    method: "POST",
    path: "/agent/v1/runs/{id}/lease",
    operationId: "agentRenewLease",
    summary: "Keep holding a claimed run",
    description: keyNote,
    tag,
    params,
    body: RenewLeaseInput,
    status: 200,
    response: z.object({ leaseExpiresAt: isoString }),
    otherResponses: {
      409: "the agent no longer holds the run (cancelled, finished, or re-claimed after its lease expired)",
    },
    handler: async ({ ctx, params, body, leaseMs }) => {
      const { leaseExpiresAt } = await renewAgentLease({ ctx, runId: params.id, input: body, leaseMs });
      return { leaseExpiresAt: iso(leaseExpiresAt) };
    },
  },
  {
    method: "POST",
    path: "/agent/v1/runs/{id}/results",
    operationId: "agentPostResult",
    summary: "Record one try of a held run",
    description: `${keyNote} Renews the lease by holdMs more first; check, run, sequence, session and runLocation come from the run.`,
    tag,
    params,
    body: PostRunResultInput,
    status: 201,
    response: z.object({ id: z.string(), resultType: z.string() }),
    otherResponses: { 409: "the agent no longer holds the run" },
    handler: async ({ ctx, params, body, leaseMs }) => {
      const result = await recordAgentResult({ ctx, runId: params.id, input: body, leaseMs });
      return { id: result.id, resultType: result.resultType };
    },
  },
  {
    method: "PUT",
    path: "/agent/v1/runs/{id}/results/{resultId}/assets/{kind}/{name}",
    operationId: "agentUploadAsset",
    summary: "Upload a file of a posted try (screenshot, trace, job log)",
    description: `${keyNote} The body is the file (its Content-Type one of ${ASSET_CONTENT_TYPES.join(", ")}; Content-Length required), streamed into the service's store; the run's files may take at most ARTIFACTS_MAX_RUN_BYTES together (150 MB by default). The result must be one this run's agent posted.`,
    tag,
    params: {
      ...params,
      resultId: uuidParam("The id of the result (the answer of the result POST)"),
      kind: stringParam(`What the file is: ${ASSET_KINDS.join(", ")}`),
      name: stringParam("The file's name: 1 to 100 letters, digits, '.', '_' or '-'"),
    },
    body: z.string().meta({ format: "binary" }).describe("The file"),
    bodyType: "application/octet-stream",
    status: 201,
    response: z.object({ id: z.string(), name: z.string(), size: z.number().int() }),
    otherResponses: {
      409: "the result already has a file of that name",
      413: "the run's files would be over ARTIFACTS_MAX_RUN_BYTES",
      415: "the Content-Type is not one a run's file may have",
    },
    handler: async ({ ctx, params, headers, body, assets }) => {
      const length = headers["content-length"];
      const asset = await uploadAgentAsset({
        ctx,
        assets,
        runId: params.id,
        resultId: params.resultId,
        kind: params.kind,
        name: params.name,
        contentType: typeof headers["content-type"] === "string" ? headers["content-type"] : undefined,
        contentLength: typeof length === "string" && /^\d+$/.test(length) ? Number(length) : null,
        body: body as Readable,
      });
      return { id: asset.id, name: asset.name, size: asset.size };
    },
  },
  {
    method: "POST",
    path: "/agent/v1/error-reports",
    operationId: "agentReportError",
    summary: "Report an error-level event of the agent",
    description: `${keyNote} Only message, stack, agent version, platform and runtime version.`,
    tag,
    body: AgentErrorReportInput,
    status: 201,
    response: z.object({ id: z.string() }),
    handler: async ({ ctx, body }) => ({ id: (await reportAgentError({ ctx, input: body })).id }),
  },
];

/** The same operation as the OpenAPI generator reads it. */
export function documented(route: AgentRoute): Route {
  return { ...route, handler: async () => undefined };
}
