import { z } from "zod";
import {
  AlertChannelSubscription,
  Assertion,
  BasicAuth,
  CompleteAlertSettings,
  DEFAULT_ALERT_SETTINGS,
  EnvironmentVariables,
  INT_MAX,
  KeyValue,
  Location,
  PageQuery,
  queryList,
  querySchema,
  requestBody,
  RetryStrategy,
  RuntimeId,
  Tags,
  uniqueBy,
} from "../shared/schemas.js";
import { LIMITS } from "../shared/limits.js";
export { AutoAssignAlertsQuery } from "../shared/schemas.js";

/** The reference's CheckGroupCreateAPICheckDefaults; an omitted part takes its default. */
export const ApiCheckDefaults = z.strictObject({
  url: z.string().max(2048).nullable().default(""),
  headers: z.array(KeyValue).max(LIMITS.items).default([]),
  queryParameters: z.array(KeyValue).max(LIMITS.items).default([]),
  assertions: z.array(Assertion).max(LIMITS.items).default([]),
  basicAuth: BasicAuth.nullable().default(null),
});
export type ApiCheckDefaults = z.output<typeof ApiCheckDefaults>;

const snippetId = z.number().int().min(1).max(INT_MAX).nullable();
const script = z
  .string()
  .max(64 * 1024)
  .nullable();

/** Every writable property; on create each takes the default below, on update an omitted one keeps its value. */
const fields = {
  name: z.string().trim().min(1).max(255),
  activated: z.boolean(),
  muted: z.boolean(),
  tags: Tags,
  locations: z
    .array(Location)
    .max(LIMITS.items)
    .superRefine(uniqueBy((location: string) => location)),
  concurrency: z.number().int().min(1).max(100),
  apiCheckDefaults: ApiCheckDefaults,
  /** Inner format not shown by the spec: stored as sent. */
  browserCheckDefaults: z
    .string()
    .max(64 * 1024)
    .nullable(),
  runtimeId: RuntimeId.nullable(),
  environmentVariables: EnvironmentVariables.superRefine(
    uniqueBy((variable: { key: string }) => variable.key, "key"),
  ).nullable(),
  doubleCheck: z.boolean(),
  useGlobalAlertSettings: z.boolean(),
  alertSettings: CompleteAlertSettings,
  alertChannelSubscriptions: z
    .array(AlertChannelSubscription)
    .max(100)
    .superRefine(uniqueBy((s: { alertChannelId: number }) => s.alertChannelId, "alertChannelId")),
  setupSnippetId: snippetId,
  tearDownSnippetId: snippetId,
  localSetupScript: script,
  localTearDownScript: script,
  /** Slug names or ids of the account's private locations (resolved in account-references.ts). */
  privateLocations: z.array(z.string().min(1).max(255)).max(100).nullable(),
  runParallel: z.boolean(),
  retryStrategy: RetryStrategy,
};

export const CreateCheckGroupInput = requestBody({
  name: fields.name,
  activated: fields.activated.default(true),
  muted: fields.muted.default(false),
  tags: fields.tags.default([]),
  locations: fields.locations.default([]),
  concurrency: fields.concurrency.default(3),
  apiCheckDefaults: fields.apiCheckDefaults.default(() => ApiCheckDefaults.parse({})),
  browserCheckDefaults: fields.browserCheckDefaults.default(null),
  runtimeId: fields.runtimeId.default(null),
  environmentVariables: fields.environmentVariables.default([]),
  doubleCheck: fields.doubleCheck.default(true),
  useGlobalAlertSettings: fields.useGlobalAlertSettings.default(true),
  alertSettings: fields.alertSettings.default(DEFAULT_ALERT_SETTINGS),
  // Omitted: decided by autoAssignAlerts.
  alertChannelSubscriptions: fields.alertChannelSubscriptions.optional(),
  setupSnippetId: fields.setupSnippetId.default(null),
  tearDownSnippetId: fields.tearDownSnippetId.default(null),
  localSetupScript: fields.localSetupScript.default(null),
  localTearDownScript: fields.localTearDownScript.default(null),
  privateLocations: fields.privateLocations.default([]),
  runParallel: fields.runParallel.default(false),
  retryStrategy: fields.retryStrategy.default(null),
});
export type CreateCheckGroupInput = z.input<typeof CreateCheckGroupInput>;

/** PUT is a partial update (docs/decisions.md): every property optional, none defaulted. */
export const UpdateCheckGroupInput = requestBody(
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
  },
);
export type UpdateCheckGroupInput = z.input<typeof UpdateCheckGroupInput>;

export const ListCheckGroupsQuery = querySchema({
  ...PageQuery,
  /** Groups having at least one of these tags. */
  tag: queryList.optional(),
  /** Groups whose name is exactly one of these. */
  name: queryList.optional(),
});

/**
 * The reference's CheckGroupCreateOrUpdateV2 (POST and PUT /v2/check-groups): v1's properties with
 * v2's defaults (doubleCheck false) and `null` accepted for useGlobalAlertSettings, alertSettings
 * and runParallel, where it stands for the default (stored as true, the default settings, false).
 * PUT still updates partially (docs/decisions.md) but needs `name`, as the reference does.
 */
function nullMeansDefault<T extends z.ZodType>(schema: T, fallback: z.output<T>, omitted: "default" | "keep") {
  return schema
    .nullish()
    .transform((value) => (value === null || (value === undefined && omitted === "default") ? fallback : value));
}
/** On create an omitted property also takes the default; on update it keeps its stored value. */
const v2Defaults = (omitted: "default" | "keep") => ({
  useGlobalAlertSettings: nullMeansDefault(fields.useGlobalAlertSettings, true, omitted),
  alertSettings: nullMeansDefault(fields.alertSettings, CompleteAlertSettings.parse(DEFAULT_ALERT_SETTINGS), omitted),
  runParallel: nullMeansDefault(fields.runParallel, false, omitted),
});
export const CreateCheckGroupV2Input = CreateCheckGroupInput.extend({
  doubleCheck: fields.doubleCheck.default(false),
  ...v2Defaults("default"),
});
export const UpdateCheckGroupV2Input = UpdateCheckGroupInput.extend({ name: fields.name, ...v2Defaults("keep") });
