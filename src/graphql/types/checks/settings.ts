import { builder } from "../../builder.js";
import type { StoredRetryStrategy } from "../../../domain/monitoring/retry.js";
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
 * Settings objects that checks and groups share, as stored (the domain's parsed values): plain
 * JSON shapes, typed here field by field.
 */
type KeyValue = { key: string; value: string; locked?: boolean };
type Assertion = { source: string; comparison: string; property?: string; target?: string; regex?: string | null };
type AlertSettings = {
  escalationType?: string;
  runBasedEscalation?: { failedRunThreshold: number };
  timeBasedEscalation?: { minutesFailingThreshold: number };
  reminders?: { amount: number; interval: number };
  parallelRunFailureThreshold?: { enabled: boolean; percentage: number };
  sslCertificates?: { enabled?: boolean; alertThreshold?: number };
};
/** A stored retry strategy (null, "no retries", is the field's null). */
type RetryStrategy = NonNullable<StoredRetryStrategy>;
type EnvironmentVariable = { key: string; value: string | null; locked?: boolean; secret?: boolean };

export const KeyValueRef = builder.objectRef<KeyValue>("KeyValue").implement({
  description: "A header or query parameter.",
  fields: (t) => ({
    key: t.exposeString("key"),
    value: t.exposeString("value"),
    locked: t.boolean({ resolve: (kv) => kv.locked ?? false }),
  }),
});

export const AssertionRef = builder.objectRef<Assertion>("Assertion").implement({
  description: "A rule the check's response must meet; each check type accepts some sources and comparisons.",
  fields: (t) => ({
    source: t.field({ type: AssertionSourceEnum, resolve: (a) => a.source as never }),
    comparison: t.field({ type: AssertionComparisonEnum, resolve: (a) => a.comparison as never }),
    property: t.string({
      description: "A JSON path ($.a.b) for JSON sources, a header name for HEADERS.",
      resolve: (a) => a.property ?? "",
    }),
    target: t.string({ resolve: (a) => a.target ?? "" }),
    regex: t.string({ nullable: true, resolve: (a) => a.regex ?? null }),
  }),
});

export const BasicAuthRef = builder.objectRef<{ username: string; password: string }>("BasicAuth").implement({
  fields: (t) => ({ username: t.exposeString("username"), password: t.exposeString("password") }),
});

const RunBased = builder.objectRef<{ failedRunThreshold: number }>("RunBasedEscalation").implement({
  fields: (t) => ({ failedRunThreshold: t.exposeInt("failedRunThreshold") }),
});
const TimeBased = builder.objectRef<{ minutesFailingThreshold: number }>("TimeBasedEscalation").implement({
  fields: (t) => ({ minutesFailingThreshold: t.exposeInt("minutesFailingThreshold") }),
});
const Reminders = builder.objectRef<{ amount: number; interval: number }>("AlertReminders").implement({
  fields: (t) => ({
    amount: t.exposeInt("amount"),
    interval: t.exposeInt("interval", { description: "Minutes between reminders." }),
  }),
});
const ParallelThreshold = builder
  .objectRef<{ enabled: boolean; percentage: number }>("ParallelRunFailureThreshold")
  .implement({
    fields: (t) => ({ enabled: t.exposeBoolean("enabled"), percentage: t.exposeInt("percentage") }),
  });
const SslCertificates = builder
  .objectRef<{ enabled?: boolean; alertThreshold?: number }>("SslCertificateAlerts")
  .implement({
    description: "Deprecated in the reference document; shown as stored.",
    fields: (t) => ({
      enabled: t.boolean({ nullable: true, resolve: (s) => s.enabled ?? null }),
      alertThreshold: t.int({ nullable: true, resolve: (s) => s.alertThreshold ?? null }),
    }),
  });

export const AlertSettingsRef = builder.objectRef<AlertSettings>("AlertSettings").implement({
  fields: (t) => ({
    escalationType: t.field({
      type: EscalationTypeEnum,
      nullable: true,
      resolve: (s) => (s.escalationType ?? null) as never,
    }),
    runBasedEscalation: t.field({ type: RunBased, nullable: true, resolve: (s) => s.runBasedEscalation ?? null }),
    timeBasedEscalation: t.field({ type: TimeBased, nullable: true, resolve: (s) => s.timeBasedEscalation ?? null }),
    reminders: t.field({ type: Reminders, nullable: true, resolve: (s) => s.reminders ?? null }),
    parallelRunFailureThreshold: t.field({
      type: ParallelThreshold,
      nullable: true,
      resolve: (s) => s.parallelRunFailureThreshold ?? null,
    }),
    sslCertificates: t.field({ type: SslCertificates, nullable: true, resolve: (s) => s.sslCertificates ?? null }),
  }),
});

export const RetryStrategyRef = builder.objectRef<RetryStrategy>("RetryStrategy").implement({
  description: "How failed runs are retried. type FALLBACK (the string form) has no other settings.",
  fields: (t) => {
    const part = <K extends "baseBackoffSeconds" | "maxRetries" | "maxDurationSeconds" | "sameRegion">(
      s: RetryStrategy,
      key: K,
    ) => (s === "FALLBACK" ? null : (s[key] ?? null));
    return {
      type: t.field({ type: RetryStrategyTypeEnum, resolve: (s) => (s === "FALLBACK" ? "FALLBACK" : s.type) as never }),
      baseBackoffSeconds: t.float({ nullable: true, resolve: (s) => part(s, "baseBackoffSeconds") as number | null }),
      maxRetries: t.int({ nullable: true, resolve: (s) => part(s, "maxRetries") as number | null }),
      maxDurationSeconds: t.int({ nullable: true, resolve: (s) => part(s, "maxDurationSeconds") as number | null }),
      sameRegion: t.boolean({ nullable: true, resolve: (s) => part(s, "sameRegion") as boolean | null }),
      onlyOn: t.field({
        type: [RetryConditionEnum],
        nullable: true,
        resolve: (s) => (s === "FALLBACK" ? null : ((s.onlyOn ?? null) as never)),
      }),
    };
  },
});

type TriggerIncident = {
  serviceId: string;
  severity: string;
  name: string;
  description: string;
  notifySubscribers: boolean;
};
export const TriggerIncidentRef = builder.objectRef<TriggerIncident>("TriggerIncident").implement({
  description: "The incident the check's alerts open and resolve (status page automation).",
  fields: (t) => ({
    serviceId: t.exposeString("serviceId", { description: "The id of a status page service of the account." }),
    severity: t.field({ type: IncidentSeverityEnum, resolve: (i) => i.severity as never }),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    notifySubscribers: t.exposeBoolean("notifySubscribers"),
  }),
});

export const EnvironmentVariableRef = builder.objectRef<EnvironmentVariable>("EnvironmentVariable").implement({
  fields: (t) => ({
    key: t.exposeString("key"),
    value: t.string({
      nullable: true,
      description: "null for a secret variable: its value is never shown.",
      resolve: (v) => (v.secret ? null : v.value),
    }),
    locked: t.boolean({ resolve: (v) => v.locked ?? false }),
    secret: t.boolean({ resolve: (v) => v.secret ?? false }),
  }),
});

export const AlertChannelSubscriptionRef = builder
  .objectRef<{ alertChannelId: number; activated: boolean }>("AlertChannelSubscription")
  .implement({
    fields: (t) => ({ alertChannelId: t.exposeInt("alertChannelId"), activated: t.exposeBoolean("activated") }),
  });
