import { z } from "zod";
import { queryNumber, querySchema, requestBody, Tags } from "../shared/schemas.js";

export const SESSION_STATUSES = [
  "STARTED",
  "PROGRESS",
  "FAILED",
  "PASSED",
  "DEGRADED",
  "TIMED_OUT",
  "CANCELLED",
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
/** A session in one of these has finished: completion answers, cancel changes nothing. */
export const FINISHED_STATUSES: readonly SessionStatus[] = ["FAILED", "PASSED", "DEGRADED", "TIMED_OUT", "CANCELLED"];

/** A run in one of these has not finished yet (CheckRun.status); PENDING waits for its group's concurrency. */
export const ACTIVE_RUN_STATUSES = ["PENDING", "QUEUED", "RUNNING"];
/** A run in one of these has not been picked up yet: a session whose runs all wait is STARTED. */
export const WAITING_RUN_STATUSES = ["PENDING", "QUEUED"];

/** The reference's arrays accept a single value in place of a one-item array. */
const single = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (Array.isArray(value) ? value : [value]), z.array(item).min(1).max(100));

/** A tag, or `!tag` for checks without it (reference document, matchTags). */
const tagCondition = z
  .string()
  .trim()
  .max(256)
  .refine(
    (tag) => Tags.element.safeParse(tag.replace(/^!/, "")).success,
    "must be a tag (1 to 255 characters), optionally prefixed with !",
  );

export const TriggerCheckSessionInput = requestBody({
  target: z
    .strictObject({
      /** Checks with these ids. */
      checkId: single(z.guid()).optional(),
      /** OR of groups, each an AND of tags; a check's group's tags count as its own. */
      matchTags: single(single(tagCondition)).optional(),
    })
    .default({}),
  /** Playwright suites only (reference document); stored with the session's target. */
  refreshCache: z.boolean().default(false),
});
export type TriggerCheckSessionInput = z.input<typeof TriggerCheckSessionInput>;

/** `sequenceId`: only these runs of the session; omitted, every run still running. Nothing else is accepted. */
export const CancelCheckSessionInput = z.strictObject({ sequenceId: z.array(z.guid()).min(1).max(1000).optional() });
export type CancelCheckSessionInput = z.input<typeof CancelCheckSessionInput>;

export const AwaitCheckSessionQuery = querySchema({
  maxWaitSeconds: queryNumber(1, 30, "must be a number of seconds").default(30),
});
export type AwaitCheckSessionQuery = z.input<typeof AwaitCheckSessionQuery>;
