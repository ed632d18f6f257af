import { z } from "zod";
import { CheckType, DateInput, Location, queryBoolean, queryInt, querySchema } from "../shared/schemas.js";
import { toAfterFrom, windowQuery, withinV1Window } from "../shared/v1-window-schemas.js";

export { V1_WINDOW_MS } from "../shared/v1-window-schemas.js";

export const RESULT_TYPES = ["FINAL", "ATTEMPT"] as const;
/** ALL is a filter value only (spec, States). */
export const RESULT_TYPE_FILTERS = [...RESULT_TYPES, "ALL"] as const;

const freeform = z.record(z.string(), z.unknown());

/** Shapes of the spec's result objects; unknown inner properties are kept (the runners own them). */
export const ApiCheckResult = z.looseObject({
  assertions: z.array(freeform).nullable().optional(),
  request: z
    .looseObject({ method: z.string(), url: z.string(), data: z.string(), headers: freeform, params: freeform })
    .partial()
    .optional(),
  response: z
    .looseObject({
      status: z.number(),
      statusText: z.string(),
      body: z.string(),
      headers: freeform.nullable(),
      timings: freeform.nullable(),
      timingPhases: freeform.nullable(),
    })
    .partial()
    .optional(),
  requestError: z.string().nullable().optional(),
  jobLog: z.unknown().optional(),
  jobAssets: z.array(z.unknown()).nullable().optional(),
  pcapDataUrl: z.string().nullable().optional(),
});

export const AgenticCheckResult = z.looseObject({
  summary: z.string().nullable().optional(),
  prompt: z.string().nullable().optional(),
  assertions: z
    .array(
      z.looseObject({ condition: z.string(), passed: z.boolean(), actual: z.string(), expected: z.string() }).partial(),
    )
    .nullable()
    .optional(),
  suggestions: z
    .array(
      z
        .looseObject({
          summary: z.string(),
          prompt: z.string(),
          promptReplacement: z.string(),
          secrets: z.array(z.string()),
          category: z.string(),
        })
        .partial(),
    )
    .nullable()
    .optional(),
  steps: z
    .array(
      z
        .looseObject({
          type: z.string(),
          name: z.string(),
          input: freeform,
          output: z.string(),
          timestamp: z.iso.datetime({ offset: true }),
          sequenceNumber: z.number().int(),
        })
        .partial(),
    )
    .nullable()
    .optional(),
  errors: z.array(freeform).nullable().optional(),
  artifactManifest: freeform.nullable().optional(),
});

/** Reference CheckResultSsl: an SSL check's handshake, certificate and baseline (src/engine/runners/ssl.ts). */
export const SslCheckResult = z.looseObject({
  tlsVersion: z.string().nullable().optional(),
  cipherSuite: z.string().nullable().optional(),
  daysUntilExpiry: z.number().nullable().optional(),
  handshakeTimeMs: z.number().nullable().optional(),
  chainTrusted: z.boolean().nullable().optional(),
  hostnameVerified: z.boolean().nullable().optional(),
  baselineVerdict: z.string().nullable().optional(),
  baselineGrade: z.string().nullable().optional(),
  failureCategory: z.string().nullable().optional(),
  requestError: z.string().nullable().optional(),
  request: freeform.nullable().optional(),
  assertions: z.array(freeform).nullable().optional(),
  response: z
    .looseObject({
      resolvedIp: z.string(),
      protocol: z.string(),
      cipherSuite: z.string(),
      handshakeTimeMs: z.number(),
      hostnameVerified: z.boolean(),
      chainTrusted: z.boolean(),
      daysUntilExpiry: z.number(),
      ocspStapled: z.boolean(),
      ocspStatus: z.string(),
      chainTrustReason: z.string(),
      chainTrustDetail: z.string(),
      incompleteChain: z.boolean(),
      missingIntermediate: z.string(),
      securityBaseline: freeform.nullable(),
      certificate: freeform.nullable(),
      chain: z.array(freeform).nullable(),
    })
    .partial()
    .nullable()
    .optional(),
});

/** Browser and multi-step shapes are not given by the spec: any object. */
export const BrowserCheckResult = freeform;
export const MultiStepCheckResult = freeform;

const instant = z.union([z.date(), DateInput]);

/**
 * One result, as a runner (the engine, an agent, a cancel) reports it. The check's name and type
 * are copied from the check; without `checkRunId` the result gets a finished run of its own, so
 * every result has an integer checkRunId and a sequenceId.
 */
export const RecordCheckResultInput = z.strictObject({
  checkId: z.string().max(255),
  checkRunId: z.number().int().positive().optional(),
  sessionId: z.guid().optional(),
  sequenceId: z.guid().optional(),
  resultType: z.enum(RESULT_TYPES).default("FINAL"),
  runLocation: z.string().trim().min(1).max(255),
  hasFailures: z.boolean().default(false),
  hasErrors: z.boolean().default(false),
  isDegraded: z.boolean().nullable().default(null),
  isCancelled: z.boolean().default(false),
  overMaxResponseTime: z.boolean().nullable().default(null),
  startedAt: instant.optional(),
  stoppedAt: instant.nullable().optional(),
  responseTime: z.number().int().min(0).default(0),
  apiCheckResult: ApiCheckResult.nullable().default(null),
  browserCheckResult: BrowserCheckResult.nullable().default(null),
  multiStepCheckResult: MultiStepCheckResult.nullable().default(null),
  agenticCheckResult: AgenticCheckResult.nullable().default(null),
  sslCheckResult: SslCheckResult.nullable().default(null),
  /** Tries before this one: 0 for a first try. */
  attempts: z.number().int().min(0).max(100).default(0),
  errorGroupIds: z.array(z.string().min(1).max(255)).max(100).default([]),
});
export type RecordCheckResultInput = z.input<typeof RecordCheckResultInput>;

/** The fields a v2 entry can be reduced to (`fields`); `createdAt` is the reference's alias of created_at. */
export const CHECK_RESULT_FIELDS = [
  "id",
  "name",
  "checkId",
  "hasFailures",
  "hasErrors",
  "isDegraded",
  "isCancelled",
  "overMaxResponseTime",
  "runLocation",
  "startedAt",
  "stoppedAt",
  "created_at",
  "responseTime",
  "apiCheckResult",
  "browserCheckResult",
  "multiStepCheckResult",
  "agenticCheckResult",
  "sslCheckResult",
  "checkRunId",
  "attempts",
  "resultType",
  "sequenceId",
  "errorGroupIds",
] as const;
export type CheckResultField = (typeof CHECK_RESULT_FIELDS)[number];

/** `fields=a,b` or `fields=a&fields=b`. */
const fieldList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    [value]
      .flat()
      .flatMap((part) => part.split(","))
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum([...CHECK_RESULT_FIELDS, "createdAt"])).min(1))
  .transform(
    (fields) =>
      [...new Set(fields.map((field) => (field === "createdAt" ? "created_at" : field)))] as CheckResultField[],
  )
  .describe(`Comma-separated entry fields to return: ${CHECK_RESULT_FIELDS.join(", ")}`);

const filters = {
  limit: queryInt(1, 100).default(10),
  ...windowQuery,
  location: Location.optional(),
  checkType: CheckType.optional(),
  hasFailures: queryBoolean.optional(),
  resultType: z.enum(RESULT_TYPE_FILTERS).default("FINAL"),
};

export const ListCheckResultsQuery = querySchema({
  ...filters,
  nextId: z.string().min(1).max(1024).optional(),
  fields: fieldList.optional(),
}).superRefine(toAfterFrom);
export type ListCheckResultsQuery = z.input<typeof ListCheckResultsQuery>;

export const ListCheckResultsV1Query = querySchema({ ...filters, page: queryInt(1, 1_000_000).default(1) })
  .superRefine(toAfterFrom)
  .superRefine(withinV1Window(" (use /v2 for longer ranges)"));
export type ListCheckResultsV1Query = z.input<typeof ListCheckResultsV1Query>;
