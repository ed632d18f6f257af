import { BODY_TYPES, DNS_RECORD_TYPES, HTTP_METHODS, TIME_UNITS } from "../../../domain/checks/index.js";
import {
  ASSERTION_COMPARISONS,
  ASSERTION_SOURCES,
  CHECK_TYPES,
  LOCATIONS,
  RUNTIMES,
} from "../../../domain/shared/schemas.js";
import { CHECK_STATUSES } from "../../../domain/check-statuses/index.js";
import { builder } from "../../builder.js";

/**
 * The enumerations of checks and groups. Values that are not GraphQL names (`us-east-1`,
 * `2026.04`, `seconds`) get a name of their own and keep the domain's value inside, so resolvers
 * and inputs pass the domain's strings through unchanged.
 */
function renamed<V extends string>(values: readonly V[], name: (value: V) => string) {
  return Object.fromEntries(values.map((value) => [name(value), { value }])) as Record<string, { value: V }>;
}

export const CheckTypeEnum = builder.enumType("CheckType", { values: CHECK_TYPES });

export const LocationEnum = builder.enumType("Location", {
  description: "A data-center location (the domain value is the lower-case name, e.g. us-east-1).",
  values: renamed(LOCATIONS, (location) => location.toUpperCase().replaceAll("-", "_")),
});

export const RuntimeEnum = builder.enumType("Runtime", {
  description: "A runtime version (fixed dependency set): RUNTIME_2026_04 is 2026.04.",
  values: renamed(RUNTIMES, (runtime) => `RUNTIME_${runtime.replace(".", "_")}`),
});

// Each check type accepts some of these sources (the domain refuses the others): the API ones,
// then TCP's, DNS's, ICMP's and SSL's.
const SOURCES = [
  ...ASSERTION_SOURCES,
  "RESPONSE_DATA",
  "RESPONSE_CODE",
  "TEXT_ANSWER",
  "JSON_ANSWER",
  "LATENCY",
  "JSON_RESPONSE",
  "CERTIFICATE",
  "CONNECTION",
  "TEXT_RESPONSE",
] as const;
export const AssertionSourceEnum = builder.enumType("AssertionSource", { values: SOURCES });
export const AssertionComparisonEnum = builder.enumType("AssertionComparison", { values: ASSERTION_COMPARISONS });

export const HttpMethodEnum = builder.enumType("HttpMethod", { values: HTTP_METHODS });
export const BodyTypeEnum = builder.enumType("RequestBodyType", { values: BODY_TYPES });
export const IpFamilyEnum = builder.enumType("IpFamily", { values: ["IPv4", "IPv6"] as const });
export const DnsRecordTypeEnum = builder.enumType("DnsRecordType", { values: DNS_RECORD_TYPES });
export const DnsProtocolEnum = builder.enumType("DnsProtocol", { values: ["TCP", "UDP"] as const });

export const TimeUnitEnum = builder.enumType("HeartbeatTimeUnit", {
  values: renamed(TIME_UNITS, (unit) => unit.toUpperCase()),
});

export const EscalationTypeEnum = builder.enumType("EscalationType", { values: ["RUN_BASED", "TIME_BASED"] as const });

export const RetryStrategyTypeEnum = builder.enumType("RetryStrategyType", {
  description: "FALLBACK stands for the string form: inherit the group's strategy, else no retries.",
  values: ["FIXED", "LINEAR", "EXPONENTIAL", "SINGLE_RETRY", "FALLBACK"] as const,
});
export const RetryConditionEnum = builder.enumType("RetryCondition", { values: ["NETWORK_ERROR"] as const });

export { CHECK_TYPENAMES } from "../../node-ids.js";

/** The domain's values are REST's (passing, degraded, failing); GraphQL names them in capitals. */
export const CheckStatusValueEnum = builder.enumType("CheckStatusValue", {
  description: "A check's condition: the alerting state of its latest runs (a check that never ran is PASSING).",
  values: Object.fromEntries(CHECK_STATUSES.map((value) => [value.toUpperCase(), { value }])) as Record<
    "PASSING" | "DEGRADED" | "FAILING",
    { value: (typeof CHECK_STATUSES)[number] }
  >,
});

/** SSL monitors' security baseline: what a rule's failure does, and TLS versions (TLS1_2 is "TLS1.2"). */
export const SslSeverityEnum = builder.enumType("SslBaselineSeverity", {
  values: renamed(["fail", "degrade", "ignore"] as const, (value) => value.toUpperCase()),
});
export const TlsVersionEnum = builder.enumType("TlsVersion", {
  values: renamed(["TLS1.2", "TLS1.3"] as const, (value) => value.replace(".", "_")),
});
