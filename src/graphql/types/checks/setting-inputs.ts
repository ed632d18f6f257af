import { parseNodeId } from "../../node-ids.js";
import { builder } from "../../builder.js";
import {
  AssertionComparisonEnum,
  AssertionSourceEnum,
  EscalationTypeEnum,
  RetryConditionEnum,
  RetryStrategyTypeEnum,
} from "./enums.js";
// The incidents' severity (incident-enums.ts): a check's triggerIncident opens one of those.
import { IncidentSeverityEnum } from "../incidents/enums.js";

/**
 * Input objects of the settings that checks and groups share. Their rules (bounds, allowed
 * combinations) are the domain's: these only give the shapes, so the domain's zod schema answers
 * a bad value with a ValidationError naming the field.
 */
export const KeyValueInput = builder.inputType("KeyValueInput", {
  fields: (t) => ({ key: t.string({ required: true }), value: t.string(), locked: t.boolean() }),
});

export const AssertionInput = builder.inputType("AssertionInput", {
  fields: (t) => ({
    source: t.field({ type: AssertionSourceEnum, required: true }),
    comparison: t.field({ type: AssertionComparisonEnum, required: true }),
    property: t.string(),
    target: t.string(),
    regex: t.string(),
  }),
});

export const BasicAuthInput = builder.inputType("BasicAuthInput", {
  fields: (t) => ({ username: t.string(), password: t.string() }),
});

const RunBasedInput = builder.inputType("RunBasedEscalationInput", {
  fields: (t) => ({ failedRunThreshold: t.int({ required: true }) }),
});
const TimeBasedInput = builder.inputType("TimeBasedEscalationInput", {
  fields: (t) => ({ minutesFailingThreshold: t.int({ required: true }) }),
});
const RemindersInput = builder.inputType("AlertRemindersInput", {
  fields: (t) => ({ amount: t.int(), interval: t.int() }),
});
const ParallelInput = builder.inputType("ParallelRunFailureThresholdInput", {
  fields: (t) => ({ enabled: t.boolean(), percentage: t.int() }),
});
const SslInput = builder.inputType("SslCertificateAlertsInput", {
  fields: (t) => ({ enabled: t.boolean(), alertThreshold: t.int() }),
});

export const AlertSettingsInput = builder.inputType("AlertSettingsInput", {
  description: "Omitted parts take their defaults (on a check update, they keep their stored value).",
  fields: (t) => ({
    escalationType: t.field({ type: EscalationTypeEnum }),
    runBasedEscalation: t.field({ type: RunBasedInput }),
    timeBasedEscalation: t.field({ type: TimeBasedInput }),
    reminders: t.field({ type: RemindersInput }),
    parallelRunFailureThreshold: t.field({ type: ParallelInput }),
    sslCertificates: t.field({ type: SslInput }),
  }),
});

export const RetryStrategyInput = builder.inputType("RetryStrategyInput", {
  description:
    "type FALLBACK (the string form: the group's strategy, else none) takes no other setting. Send null for no retries.",
  fields: (t) => ({
    type: t.field({ type: RetryStrategyTypeEnum, required: true }),
    baseBackoffSeconds: t.float(),
    maxRetries: t.int(),
    maxDurationSeconds: t.int(),
    sameRegion: t.boolean(),
    onlyOn: t.field({ type: [RetryConditionEnum] }),
  }),
});

export const TriggerIncidentInput = builder.inputType("TriggerIncidentInput", {
  fields: (t) => ({
    serviceId: t.string({ required: true, description: "The id of a status page service of the account." }),
    severity: t.field({ type: IncidentSeverityEnum, required: true }),
    name: t.string({ required: true }),
    description: t.string({ required: true }),
    notifySubscribers: t.boolean({ required: true }),
  }),
});

export const EnvironmentVariableInput = builder.inputType("EnvironmentVariableInput", {
  fields: (t) => ({ key: t.string({ required: true }), value: t.string(), locked: t.boolean(), secret: t.boolean() }),
});

export const AlertChannelSubscriptionInput = builder.inputType("AlertChannelSubscriptionInput", {
  fields: (t) => ({ alertChannelId: t.int({ required: true }), activated: t.boolean() }),
});

export const DependencyInput = builder.inputType("CheckDependencyInput", {
  fields: (t) => ({ path: t.string({ required: true }), content: t.string({ required: true }) }),
});

export const IntentInput = builder.inputType("CheckIntentInput", {
  fields: (t) => ({
    goal: t.string({ required: true }),
    requiredOutcomes: t.stringList(),
    mustPreserve: t.stringList(),
  }),
});

export const ApiCheckDefaultsInput = builder.inputType("ApiCheckDefaultsInput", {
  description: "Defaults for the API checks of a group; omitted parts take their defaults.",
  fields: (t) => ({
    url: t.string(),
    headers: t.field({ type: [KeyValueInput] }),
    queryParameters: t.field({ type: [KeyValueInput] }),
    assertions: t.field({ type: [AssertionInput] }),
    basicAuth: t.field({ type: BasicAuthInput }),
  }),
});

/**
 * The only reshaping between a GraphQL input and the domain's body: RetryStrategy type FALLBACK
 * alone is the domain's string "FALLBACK" (with other settings it goes as sent, for the domain to
 * refuse), and a group's global or REST id is its integer id.
 */
export function toDomainBody(input: Record<string, unknown>): Record<string, unknown> {
  const body = { ...input };
  const retry = body.retryStrategy as Record<string, unknown> | null | undefined;
  if (retry && retry.type === "FALLBACK" && Object.keys(retry).length === 1) body.retryStrategy = "FALLBACK";
  const group = body.groupId as string | null | undefined;
  if (group) {
    const { id } = parseNodeId(group, ["CheckGroup"]);
    body.groupId = /^\d+$/.test(id) ? Number(id) : id;
  }
  return body;
}

/** autoAssignAlerts as the REST query parameter (omitted: the domain's default, true). */
export function autoAssignQuery(autoAssignAlerts: boolean | null | undefined): Record<string, string> {
  return autoAssignAlerts == null ? {} : { autoAssignAlerts: String(autoAssignAlerts) };
}
