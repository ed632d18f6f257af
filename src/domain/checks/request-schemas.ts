import { z } from "zod";
import { Assertion, BasicAuth, KeyValue, TIME_UNITS, UNIT_SECONDS } from "../shared/schemas.js";
import { LIMITS } from "../shared/limits.js";
import { CHECK_ASSERTION_KINDS as KINDS } from "../shared/assertion-kinds.js";
export { TIME_UNITS } from "../shared/schemas.js";

/**
 * The type-specific `request` of API, URL, TCP, DNS and ICMP checks (reference ChecksV1*Request)
 * and the heartbeat configuration. Omitted parts take the reference's defaults.
 */
const Url = z.string().min(1).max(LIMITS.url);
/**
 * What an API or URL check requests: an http(s) URL once its `{{VARIABLES}}` are filled in. A URL
 * that starts with a variable takes its scheme and host from it, so only its shape is known at run.
 */
const HttpUrl = Url.refine(isHttpUrl, "must be an http:// or https:// URL ({{VARIABLES}} may stand for parts)");

function isHttpUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed.startsWith("{{")) return true;
  const filled = trimmed.replace(/\{\{[^}]*\}\}/g, "1"); // "1" is a valid host, port and path part
  if (!URL.canParse(filled)) return false;
  const { protocol, hostname } = new URL(filled);
  return (protocol === "http:" || protocol === "https:") && hostname !== "";
}
const IpFamily = z.enum(["IPv4", "IPv6"]);
const Port = z.number().int().min(1).max(65535);

/** The shared assertion with the sources and comparisons one check type supports. */
function assertionOf<S extends string, C extends string>(
  sources: readonly [S, ...S[]],
  comparisons: readonly [C, ...C[]],
) {
  return Assertion.extend({ source: z.enum(sources), comparison: z.enum(comparisons) });
}

export const HTTP_METHODS = ["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"] as const;
export const BODY_TYPES = ["JSON", "FORM", "RAW", "GRAPHQL", "NONE"] as const;

export const ApiRequest = z.strictObject({
  method: z.enum(HTTP_METHODS),
  url: HttpUrl,
  followRedirects: z.boolean().default(true),
  skipSSL: z.boolean().default(false),
  ipFamily: IpFamily.default("IPv4"),
  body: z.string().max(LIMITS.requestBody).default(""),
  bodyType: z.enum(BODY_TYPES).default("NONE"),
  headers: z.array(KeyValue).max(LIMITS.items).default([]),
  queryParameters: z.array(KeyValue).max(LIMITS.items).default([]),
  assertions: z.array(Assertion).max(LIMITS.items).default([]),
  basicAuth: BasicAuth.nullable().default(null),
});

export const UrlRequest = z.strictObject({
  method: z.literal("GET").default("GET"),
  url: HttpUrl,
  followRedirects: z.boolean().default(true),
  skipSSL: z.boolean().default(false),
  ipFamily: IpFamily.default("IPv4"),
  assertions: z.array(assertionOf(KINDS.URL.sources, KINDS.URL.comparisons)).max(LIMITS.items).default([]),
});

/** A TCP check needs somewhere to connect: `hostname` (or the reference's alternative `url`). */
export const TcpRequest = z
  .strictObject({
    url: Url.optional(),
    hostname: Url.optional(),
    port: Port,
    body: z.string().min(1).max(LIMITS.requestBody).nullable().default(null),
    data: z.string().min(1).max(LIMITS.requestBody).nullable().default(null),
    assertions: z.array(assertionOf(KINDS.TCP.sources, KINDS.TCP.comparisons)).max(LIMITS.items).default([]),
    ipFamily: IpFamily.default("IPv4"),
  })
  .superRefine((request, ctx) => {
    if (request.hostname === undefined && request.url === undefined)
      ctx.addIssue({ code: "custom", path: ["hostname"], message: "a hostname (or url) is required" });
  });

export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "SOA", "NS", "HTTPS"] as const;

export const DnsRequest = z.strictObject({
  query: z.string().min(1).max(100),
  nameServer: z.string().min(1).max(100).optional(),
  port: Port.optional(),
  recordType: z.enum(DNS_RECORD_TYPES),
  assertions: z.array(assertionOf(KINDS.DNS.sources, KINDS.DNS.comparisons)).max(LIMITS.items).default([]),
  protocol: z.enum(["TCP", "UDP"]).default("UDP"),
});

export const IcmpRequest = z.strictObject({
  hostname: Url,
  ipFamily: IpFamily.nullable().default("IPv4"),
  pingCount: z.number().int().min(1).max(50).nullable().default(10),
  assertions: z.array(assertionOf(KINDS.ICMP.sources, KINDS.ICMP.comparisons)).max(LIMITS.items).default([]),
});

const YEAR = 365 * UNIT_SECONDS.days;
const shownOnly = z.unknown().optional().describe("response-only; ignored in requests");

/**
 * HEARTBEAT: a ping is expected every period, with grace time added before the check fails
 * (docs/decisions.md: period 30 s to 365 days, grace 0 to 365 days). An optional minimum (shorter than
 * the period) makes a ping that comes sooner EARLY (docs/decisions.md, heartbeat event states).
 * pingToken and pingUrl are set by the service; a client that sends back what it read has them ignored.
 */
export const HeartbeatConfig = z
  .strictObject({
    period: z.number().int().min(1),
    periodUnit: z.enum(TIME_UNITS),
    grace: z.number().int().min(0),
    graceUnit: z.enum(TIME_UNITS),
    minimum: z.number().int().min(1).nullable().optional(),
    minimumUnit: z.enum(TIME_UNITS).nullable().optional(),
    pingToken: shownOnly,
    pingUrl: shownOnly,
  })
  .superRefine((config, ctx) => {
    const period = config.period * UNIT_SECONDS[config.periodUnit];
    if (period < 30 || period > YEAR)
      ctx.addIssue({ code: "custom", path: ["period"], message: "must be 30 seconds to 365 days" });
    if (config.grace * UNIT_SECONDS[config.graceUnit] > YEAR)
      ctx.addIssue({ code: "custom", path: ["grace"], message: "must be at most 365 days" });
    if (config.minimum == null) return;
    if (!config.minimumUnit)
      ctx.addIssue({ code: "custom", path: ["minimumUnit"], message: "is required with a minimum" });
    else if (config.minimum * UNIT_SECONDS[config.minimumUnit] >= period)
      ctx.addIssue({ code: "custom", path: ["minimum"], message: "must be shorter than the period" });
  })
  .transform(({ period, periodUnit, grace, graceUnit, minimum, minimumUnit }) => ({
    period,
    periodUnit,
    grace,
    graceUnit,
    ...(minimum != null ? { minimum, minimumUnit: minimumUnit! } : {}),
  }));
export type HeartbeatConfig = z.output<typeof HeartbeatConfig>;
