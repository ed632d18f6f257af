import { z } from "zod";
import { RecordCheckResultInput } from "../check-results/schemas.js";

/** How an agent process names itself: chosen at its start, it is also the lease owner of its runs. */
const agentId = z.uuid({ message: "must be a uuid" });
const fact = z.string().trim().min(1).max(100);

/** The longest a run may stay held for what follows a try (a retry's wait is at most 600 s). */
export const MAX_HOLD_MS = 15 * 60_000;
const holdMs = z.number().int().min(0).max(MAX_HOLD_MS).default(0);

/** POST /agent/v1/claims: up to `limit` runs, waiting up to `waitMs` for work (long-poll). */
export const ClaimRunsInput = z.strictObject({
  agentId,
  limit: z.number().int().min(1).max(10).default(1),
  waitMs: z.number().int().min(0).max(25_000).default(0),
  version: fact,
  platform: fact,
  runtimeVersion: fact,
});
export type ClaimRunsInput = z.input<typeof ClaimRunsInput>;

export const RenewLeaseInput = z.strictObject({ agentId, holdMs });
export type RenewLeaseInput = z.input<typeof RenewLeaseInput>;

/**
 * One try as the agent's runTries made it. Where it belongs (check, run, sequence, session) and
 * where it ran (the location's slug) are the service's to say: a `runLocation` sent is ignored.
 */
export const AgentReport = RecordCheckResultInput.omit({
  checkId: true,
  checkRunId: true,
  sequenceId: true,
  sessionId: true,
}).extend({
  runLocation: z.string().max(255).optional(),
});

export const PostRunResultInput = z.strictObject({ agentId, holdMs, report: AgentReport });
export type PostRunResultInput = z.input<typeof PostRunResultInput>;

/** Size bounds of a stored error report (the agent truncates before sending). */
export const ERROR_MESSAGE_MAX = 2 * 1024;
export const ERROR_STACK_MAX = 16 * 1024;

/** Only these facts, never keys, variables, check configuration, URLs, headers or bodies (spec, Events). */
export const AgentErrorReportInput = z.strictObject({
  message: z.string().min(1).max(ERROR_MESSAGE_MAX),
  stack: z.string().max(ERROR_STACK_MAX).nullable().optional(),
  agentVersion: fact,
  platform: fact,
  runtimeVersion: fact,
});
export type AgentErrorReportInput = z.input<typeof AgentErrorReportInput>;
