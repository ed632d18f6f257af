import { z } from "zod";
import { ASSERTION_COMPARISONS, ASSERTION_SOURCES } from "./assertion-kinds.js";

/**
 * Field rules shared by several entities (groups and checks above all): one definition each,
 * taken from the spec's tables, docs/decisions.md's "Values the spec leaves open", and the reference
 * document where both are silent.
 */
export const LOCATIONS = [
  "us-east-1",
  "us-east-2",
  "us-west-1",
  "us-west-2",
  "ca-central-1",
  "sa-east-1",
  "eu-west-1",
  "eu-central-1",
  "eu-west-2",
  "eu-west-3",
  "eu-north-1",
  "eu-south-1",
  "me-south-1",
  "ap-southeast-1",
  "ap-northeast-1",
  "ap-east-1",
  "ap-southeast-2",
  "ap-southeast-3",
  "ap-northeast-2",
  "ap-northeast-3",
  "ap-south-1",
  "af-south-1",
] as const;
export const Location = z.enum(LOCATIONS);

export const RUNTIMES = ["2026.04", "2025.04", "2024.09", "2024.02", "2023.09", "2023.02", "2022.10"] as const;
export const RuntimeId = z.enum(RUNTIMES);

export const CHECK_TYPES = [
  "AGENTIC",
  "API",
  "BROWSER",
  "HEARTBEAT",
  "ICMP",
  "MULTI_STEP",
  "TCP",
  "PLAYWRIGHT",
  "URL",
  "DNS",
  "SSL",
] as const;
export const CheckType = z.enum(CHECK_TYPES);

export const Tags = z.array(z.string().trim().min(1).max(255)).max(100);

/** Integer columns are 32-bit: a larger id cannot exist, a larger value cannot be stored. */
export const INT_MAX = 2_147_483_647;

/** A superRefine that refuses a repeated item, at the index of its second occurrence (`locations.2`). */
export function uniqueBy<T>(key: (item: T) => unknown, field?: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value))
        ctx.addIssue({ code: "custom", path: field ? [index, field] : [index], message: "is repeated" });
      seen.add(value);
    });
  };
}

/** Units of heartbeat periods and grace times, and their length in seconds. */
export const TIME_UNITS = ["seconds", "minutes", "hours", "days"] as const;
export const UNIT_SECONDS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const satisfies Record<
  (typeof TIME_UNITS)[number],
  number
>;

export const KeyValue = z.strictObject({
  key: z.string().min(1).max(1024),
  value: z
    .string()
    .max(64 * 1024)
    .default(""),
  locked: z.boolean().default(false),
});

export const EnvironmentVariable = z.strictObject({
  key: z.string().min(1).max(255),
  value: z
    .string()
    .max(64 * 1024)
    .nullable(),
  locked: z.boolean().default(false),
  secret: z.boolean().default(false),
});
/** At most 100 items (spec, Limits). */
export const EnvironmentVariables = z.array(EnvironmentVariable).max(100);

export { ASSERTION_COMPARISONS, ASSERTION_SOURCES };
export const Assertion = z.strictObject({
  source: z.enum(ASSERTION_SOURCES),
  comparison: z.enum(ASSERTION_COMPARISONS),
  property: z.string().max(1024).default(""),
  target: z
    .string()
    .max(64 * 1024)
    .default(""),
  regex: z.string().max(1024).nullable().default(null),
});

export const BasicAuth = z.strictObject({
  username: z.string().max(1024).default(""),
  password: z.string().max(1024).default(""),
});

export const AlertSettings = z.strictObject({
  escalationType: z.enum(["RUN_BASED", "TIME_BASED"]).default("RUN_BASED"),
  runBasedEscalation: z.strictObject({ failedRunThreshold: z.number().int().min(1).max(5) }).optional(),
  timeBasedEscalation: z.strictObject({ minutesFailingThreshold: z.literal([5, 10, 15, 30]) }).optional(),
  reminders: z
    .strictObject({
      amount: z.union([z.number().int().min(0).max(5), z.literal(100000)]).default(0),
      interval: z.literal([1, 2, 3, 4, 5, 10, 15, 30]).default(5),
    })
    .optional(),
  parallelRunFailureThreshold: z
    .strictObject({
      enabled: z.boolean().default(false),
      percentage: z.number().int().min(10).max(100).multipleOf(10).default(10),
    })
    .optional(),
  /** Deprecated in the reference document; accepted and stored. */
  sslCertificates: z
    .strictObject({ enabled: z.boolean().optional(), alertThreshold: z.number().int().optional() })
    .optional(),
});
export type AlertSettings = z.infer<typeof AlertSettings>;
/** What a check or group shows when no alert settings were sent (the reference document's default). */
export const DEFAULT_ALERT_SETTINGS = {
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold: 1 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
} as const;

/** Alert settings with every omitted part at its default, so checks and groups show complete settings. */
export const CompleteAlertSettings = AlertSettings.transform((settings) => {
  const timeBased =
    settings.escalationType === "TIME_BASED" ? { timeBasedEscalation: { minutesFailingThreshold: 5 as const } } : {};
  return { ...DEFAULT_ALERT_SETTINGS, ...timeBased, ...settings };
});

export const RetryStrategyObject = z.strictObject({
  type: z.enum(["FIXED", "LINEAR", "EXPONENTIAL", "SINGLE_RETRY"]),
  baseBackoffSeconds: z.number().min(0).max(3600).default(60),
  maxRetries: z.number().int().min(1).max(10).default(2),
  maxDurationSeconds: z.number().int().min(0).max(600).default(600),
  sameRegion: z.boolean().default(true),
  onlyOn: z.array(z.literal("NETWORK_ERROR")).max(1).optional(),
});
/** null: no retries; "FALLBACK": the group's strategy, else none; or a strategy object. */
export const RetryStrategy = z.union([z.literal("FALLBACK"), RetryStrategyObject]).nullable();
export type RetryStrategy = z.infer<typeof RetryStrategy>;

export const AlertChannelSubscription = z.strictObject({
  alertChannelId: z.number().int().positive(),
  activated: z.boolean().default(true),
});

/** `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date-time with a zone. */
export const DateInput = z.union([
  z.iso.date().transform((d) => new Date(`${d}T00:00:00.000Z`)),
  z.iso.datetime({ offset: true }).transform((d) => new Date(d)),
]);

/**
 * A request body: unknown properties are refused (400), but the response-only fields `id`,
 * `created_at` and `updated_at` are accepted and ignored (docs/decisions.md, Errors).
 */
export function requestBody<S extends z.ZodRawShape>(shape: S) {
  const ignored = z.unknown().optional().describe("response-only; ignored in requests");
  return z.strictObject({ ...shape, id: ignored, created_at: ignored, updated_at: ignored });
}

/** Drops the ignored response-only fields of a parsed request body. */
export function withoutResponseFields<T extends Record<string, unknown>>(
  body: T,
): Omit<T, "id" | "created_at" | "updated_at"> {
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = body;
  return rest;
}

/**
 * How a query helper is documented: as the value it stands for (an integer, a boolean, a time),
 * not as the string it arrives as, so that generated clients pass numbers and booleans. Read by
 * the OpenAPI generator (src/rest/openapi.ts) in place of the helper's own JSON Schema.
 */
export const queryParameterForm = z.registry<z.core.JSONSchema.BaseSchema>();

function documentedAs<T extends z.ZodType>(schema: T, form: z.core.JSONSchema.BaseSchema): T {
  queryParameterForm.add(schema, form);
  return schema;
}

/**
 * A query string's schema; every query schema is made with it. Parameters the operation does not
 * define are refused (400, naming them), as unknown body properties are: a misspelt `?limt=5` must
 * not be silently ignored.
 */
export function querySchema<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape);
}

/** The query of an operation that defines no parameters: any parameter is refused. */
export const NoQuery = querySchema({});

/**
 * Only the parameter names of a query schema (NoQuery when the operation has none), not their
 * value rules: an adapter parses with it first, so an unknown parameter is refused before the
 * operation looks anything up or reads its body, and changes nothing. Values are still checked
 * where the operation parses its query.
 */
export function queryParameterNames(schema: z.ZodObject = NoQuery) {
  return querySchema(Object.fromEntries(Object.keys(schema.shape).map((name) => [name, z.unknown().optional()])));
}

/* Query-string values arrive as strings. */
export const queryInt = (min: number, max: number) =>
  documentedAs(
    z
      .string()
      .regex(/^-?\d+$/, "must be an integer")
      .transform(Number)
      .pipe(z.number().int().min(min).max(max)),
    { type: "integer", minimum: min, maximum: max },
  );

/** A decimal number (`2.5`) from min to max. */
export const queryNumber = (min: number, max: number, message = "must be a number") =>
  documentedAs(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, message)
      .transform(Number)
      .pipe(z.number().min(min).max(max)),
    { type: "number", minimum: min, maximum: max },
  );

export const queryBoolean = documentedAs(
  z.enum(["true", "false"], { message: "must be true or false" }).transform((v) => v === "true"),
  { type: "boolean" },
);

/** One value or a repeated key (`?tag=a&tag=b`), as the reference's form/explode arrays. */
export const queryList = z
  .union([z.string().min(1).max(255), z.array(z.string().min(1).max(255)).max(100)])
  .transform((value) => [value].flat());

/** page/limit of the reference's v1 lists. */
export const PageQuery = { limit: queryInt(1, 100).default(10), page: queryInt(1, 1_000_000).default(1) };

/** `?autoAssignAlerts=` (default true): subscribe to every alert channel of the account when none are sent. */
export const AutoAssignAlertsQuery = querySchema({ autoAssignAlerts: queryBoolean.default(true) });

/** UNIX seconds, or an ISO date / date-time string (docs/decisions.md, Check results). */
export const queryTime = documentedAs(
  z.string().transform((value, ctx) => {
    const date = /^\d{1,12}(\.\d+)?$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
    if (Number.isNaN(date.getTime()) || !/^\d/.test(value)) {
      ctx.addIssue({ code: "custom", message: "must be UNIX seconds or an ISO 8601 date" });
      return z.NEVER;
    }
    return date;
  }),
  {
    anyOf: [
      { type: "number", minimum: 0, description: "UNIX seconds" },
      { type: "string", description: "An ISO 8601 date (midnight UTC) or date-time with a zone" },
    ],
  },
);
