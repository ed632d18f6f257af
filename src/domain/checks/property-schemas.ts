import { z } from "zod";
import {
  AlertChannelSubscription,
  CompleteAlertSettings,
  DEFAULT_ALERT_SETTINGS,
  INT_MAX,
  uniqueBy,
  EnvironmentVariables,
  Location,
  RetryStrategy,
  RuntimeId,
  Tags,
} from "../shared/schemas.js";
import { boundedJson, LIMITS } from "../shared/limits.js";

export const FREQUENCIES = [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const;
export const INCIDENT_SEVERITIES = ["CRITICAL", "MAJOR", "MEDIUM", "MINOR"] as const;

/** Reference `ChecksV1TriggerIncident`: the incident opened (and resolved) by the check's alerts. */
export const TriggerIncident = z.strictObject({
  serviceId: z.string().min(1).max(100),
  severity: z.enum(INCIDENT_SEVERITIES),
  name: z.string().trim().min(1).max(255),
  description: z.string().max(LIMITS.description),
  notifySubscribers: z.boolean(),
});

/** Reference `ChecksV1CheckIntent`. */
const outcomes = z.array(z.string().min(1).max(1000)).max(20);
export const Intent = z.strictObject({
  goal: z.string().min(1).max(2000),
  requiredOutcomes: outcomes.default([]),
  mustPreserve: outcomes.default([]),
});

export const Dependency = z.strictObject({
  path: z.string().min(1).max(1000),
  content: z.string().min(1).max(LIMITS.script),
});

/** A response time bound in milliseconds; the maximum depends on the check type (reference). */
export const milliseconds = (max: number) => z.number().int().min(0).max(max).nullable();

const snippetId = z.number().int().min(1).max(INT_MAX).nullable();

/**
 * Every property a check may carry, without defaults: the per-type schemas (type-schemas.ts) pick
 * from these, add the type's request shape and defaults. Lists are nullable: what `null` means
 * depends on the operation (normalizeLists in rows.ts).
 */
export const fields = {
  name: z.string().trim().min(1).max(255),
  activated: z.boolean(),
  muted: z.boolean(),
  /** Deprecated: retryStrategy replaces it. */
  doubleCheck: z.boolean(),
  /** Inverts what counts as a failure, so that e.g. a 404 can be the expected answer. */
  shouldFail: z.boolean(),
  locations: z
    .array(Location)
    .max(LIMITS.items)
    .superRefine(uniqueBy((location: string) => location))
    .nullable(),
  tags: Tags.nullable(),
  alertSettings: CompleteAlertSettings,
  useGlobalAlertSettings: z.boolean(),
  groupId: z.number().int().min(1).max(INT_MAX).nullable(),
  groupOrder: z.number().int().min(0).max(INT_MAX).nullable(),
  runtimeId: RuntimeId.nullable(),
  alertChannelSubscriptions: z
    .array(AlertChannelSubscription)
    .max(100)
    .superRefine(uniqueBy((s: { alertChannelId: number }) => s.alertChannelId, "alertChannelId"))
    .nullable(),
  retryStrategy: RetryStrategy,
  triggerIncident: TriggerIncident.nullable(),
  runParallel: z.boolean(),
  description: z.string().max(500).nullable(),
  intent: Intent.nullable(),
  aiAutoRepairEnabled: z.boolean().nullable(),
  frequency: z.literal(FREQUENCIES),
  /** The four offset rules need the frequency too: see frequency.ts. */
  frequencyOffset: z.number().int().min(1).nullable(),
  /** Slug names or ids of the account's private locations (checked in references.ts). */
  privateLocations: z
    .array(z.string().min(1).max(255))
    .max(100)
    .superRefine(uniqueBy((name: string) => name))
    .nullable(),
  setupSnippetId: snippetId,
  tearDownSnippetId: snippetId,
  localSetupScript: z.string().max(LIMITS.script).nullable(),
  localTearDownScript: z.string().max(LIMITS.script).nullable(),
  script: z.string().min(1).max(LIMITS.script),
  scriptPath: z.string().min(1).max(1024).nullable(),
  environmentVariables: EnvironmentVariables.superRefine(
    uniqueBy((variable: { key: string }) => variable.key, "key"),
  ).nullable(),
  dependencies: z
    .array(Dependency)
    .max(LIMITS.items)
    .superRefine(uniqueBy((dependency: { path: string }) => dependency.path, "path"))
    .nullable(),
  sslCheckDomain: z.string().min(1).max(255).nullable(),
  degradedPacketLossThreshold: z.number().gt(0).max(100).nullable(),
  maxPacketLossThreshold: z.number().gt(0).max(100).nullable(),
  /** Where the reference lists a free-form object (`request` of a heartbeat, `heartbeat` of DNS/ICMP). */
  freeForm: boundedJson(z.record(z.string(), z.unknown()).nullable()),
};

/** Values a check shows when a create request leaves them out (the reference document's defaults). */
export const commonDefaults = {
  activated: true,
  muted: false,
  doubleCheck: true,
  shouldFail: false,
  locations: [],
  tags: [],
  alertSettings: DEFAULT_ALERT_SETTINGS,
  useGlobalAlertSettings: true,
  groupId: null,
  groupOrder: null,
  runtimeId: null,
  retryStrategy: null,
  triggerIncident: null,
  runParallel: false,
  description: null,
  intent: null,
  aiAutoRepairEnabled: null,
  frequency: 10,
  frequencyOffset: null,
  privateLocations: [],
  setupSnippetId: null,
  tearDownSnippetId: null,
  localSetupScript: null,
  localTearDownScript: null,
  scriptPath: null,
  environmentVariables: [],
  dependencies: [],
  sslCheckDomain: null,
} as const;
