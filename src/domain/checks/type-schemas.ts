import { z } from "zod";
import { requestBody } from "../shared/schemas.js";
import { commonDefaults, fields, milliseconds } from "./property-schemas.js";
import { ApiRequest, DnsRequest, HeartbeatConfig, IcmpRequest, TcpRequest, UrlRequest } from "./request-schemas.js";
import { SslRequest } from "./ssl-schemas.js";

/** The nine types with their own create and update routes: `/v1/checks/{slug}`. */
export const CHECK_ROUTE_TYPES = {
  api: "API",
  url: "URL",
  tcp: "TCP",
  dns: "DNS",
  icmp: "ICMP",
  heartbeat: "HEARTBEAT",
  browser: "BROWSER",
  multistep: "MULTI_STEP",
  ssl: "SSL",
} as const;
export type CheckRouteSlug = keyof typeof CHECK_ROUTE_TYPES;
export type RoutedCheckType = (typeof CHECK_ROUTE_TYPES)[CheckRouteSlug];

type Shape = Record<string, z.ZodType>;
/** A type's writable properties (those the reference lists for its create and update), defaults and required ones. */
type TypeSpec = { fields: Shape; defaults: Record<string, unknown>; required: string[] };

const { freeForm, script, ...plain } = fields;
function pick(shape: Shape, keys: readonly string[]): Shape {
  return Object.fromEntries(keys.map((key) => [key, shape[key]!]));
}
/** The body properties every check type shares (GraphQL's Check interface shows them too). */
export const COMMON_KEYS = [
  "name",
  "activated",
  "muted",
  "doubleCheck",
  "shouldFail",
  "locations",
  "tags",
  "alertSettings",
  "useGlobalAlertSettings",
  "groupId",
  "groupOrder",
  "runtimeId",
  "alertChannelSubscriptions",
  "retryStrategy",
  "triggerIncident",
  "runParallel",
  "description",
  "intent",
  "aiAutoRepairEnabled",
  "frequency",
  "frequencyOffset",
  "privateLocations",
] as const;
const common = pick(plain, COMMON_KEYS);
// The reference's heartbeat check has no retries and no private locations.
const heartbeatCommon = pick(
  plain,
  COMMON_KEYS.filter((key) => key !== "retryStrategy" && key !== "privateLocations"),
);

/** Response-time bounds in ms: the maximum and the defaults differ by type (reference). */
const responseTimes = (max: number, degraded: number, maximum: number) => ({
  fields: { degradedResponseTime: milliseconds(max), maxResponseTime: milliseconds(max) },
  defaults: { degradedResponseTime: degraded, maxResponseTime: maximum },
});
const snippets = pick(plain, ["setupSnippetId", "tearDownSnippetId", "localSetupScript", "localTearDownScript"]);
const scripts = pick(plain, ["scriptPath", "environmentVariables", "dependencies", "sslCheckDomain"]);
/** What the reference lists for DNS, ICMP, SSL and heartbeat creates beyond their own properties: accepted and stored. */
const extras = {
  script: script.nullable(),
  ...pick(plain, ["scriptPath", "sslCheckDomain", "environmentVariables"]),
  ...snippets,
};

type SpecInput = {
  own: Shape;
  required: string[];
  times?: ReturnType<typeof responseTimes>;
  defaults?: Record<string, unknown>;
  base?: Shape;
};
function spec({ own, required, times, defaults: typeDefaults = {}, base = common }: SpecInput): TypeSpec {
  const shape = { ...base, ...own, ...times?.fields };
  const all: Record<string, unknown> = {
    ...commonDefaults,
    script: null,
    heartbeat: null,
    request: null,
    ...times?.defaults,
    ...typeDefaults,
  };
  const defaults = Object.fromEntries(
    Object.keys(shape)
      .filter((key) => key in all && !required.includes(key))
      .map((key) => [key, all[key]]),
  );
  return { fields: shape, defaults, required };
}

export const CHECK_TYPE_SPECS: Record<RoutedCheckType, TypeSpec> = {
  API: spec({
    own: { request: ApiRequest, ...snippets },
    required: ["name", "request"],
    times: responseTimes(45000, 5000, 20000),
  }),
  URL: spec({ own: { request: UrlRequest }, required: ["name", "request"], times: responseTimes(45000, 3000, 5000) }),
  TCP: spec({ own: { request: TcpRequest }, required: ["name", "request"], times: responseTimes(45000, 3000, 5000) }),
  DNS: spec({
    own: { request: DnsRequest, heartbeat: freeForm, ...extras },
    required: ["name", "request"],
    times: responseTimes(5000, 500, 1000),
  }),
  ICMP: spec({
    own: {
      request: IcmpRequest,
      heartbeat: freeForm,
      ...extras,
      ...pick(plain, ["degradedPacketLossThreshold", "maxPacketLossThreshold"]),
    },
    required: ["name", "request"],
    times: responseTimes(300000, 10000, 20000),
    defaults: { degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 },
  }),
  HEARTBEAT: spec({
    own: { heartbeat: HeartbeatConfig, request: freeForm, ...extras },
    required: ["name", "heartbeat"],
    times: responseTimes(300000, 10000, 20000),
    base: heartbeatCommon,
  }),
  BROWSER: spec({ own: { script, ...scripts }, required: ["name", "script"] }),
  MULTI_STEP: spec({
    own: { script, ...pick(scripts, ["scriptPath", "environmentVariables", "dependencies"]) },
    required: ["name", "script"],
  }),
  SSL: spec({
    own: { request: SslRequest, heartbeat: freeForm, ...extras },
    required: ["name", "request"],
    times: responseTimes(30000, 3000, 10000),
  }),
};

const otherTypes = spec({ own: {}, required: ["name"] });
/** The spec of a stored check's type (a type without its own routes is read with the common properties). */
export function typeSpec(checkType: string): TypeSpec {
  return CHECK_TYPE_SPECS[checkType as RoutedCheckType] ?? otherTypes;
}

/** Schemas are built once per type: they serve every request and the OpenAPI document. */
export function perType<K extends string, T>(build: (type: K) => T): (type: K) => T {
  const built = new Map<K, T>();
  return (type) => built.get(type) ?? built.set(type, build(type)).get(type)!;
}

/** POST /v1/checks/{type}: required properties, the type's defaults, and checkType only as the route's. */
export const createCheckSchema = perType((type: RoutedCheckType) => {
  const { fields: shape, defaults, required } = CHECK_TYPE_SPECS[type];
  const entries = Object.entries(shape).map(([key, schema]) => {
    if (required.includes(key)) return [key, schema];
    if (key in defaults) return [key, schema.default(defaults[key] as never)];
    return [key, schema.optional()];
  });
  return requestBody({ ...Object.fromEntries(entries), checkType: z.literal(type).optional() });
});

/** PUT /v1/checks/{type}/{id}: a partial update, every property optional and none defaulted. */
export const updateCheckSchema = perType((type: RoutedCheckType) => {
  const shape = Object.fromEntries(
    Object.entries(CHECK_TYPE_SPECS[type].fields).map(([key, schema]) => [key, schema.optional()]),
  );
  return requestBody({ ...shape, checkType: z.literal(type).optional() });
});
