import { z } from "zod";
import { ASSERTION_COMPARISONS, Assertion } from "../shared/schemas.js";
import { LIMITS } from "../shared/limits.js";

/**
 * The `request` of an SSL monitor (reference ChecksV1SslRequest): where to handshake
 * (`sslConfig`), the security baseline it is graded against, and its assertions. Omitted parts
 * take the reference's defaults. docs/ssl-checks.md says what each part does at run time.
 */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const Host = z
  .string()
  .min(1)
  .max(2048)
  .refine((text) => !hasControl(text), "must not contain control characters");

export const BASELINE_SEVERITIES = ["fail", "degrade", "ignore"] as const;
export const TLS_VERSIONS = ["TLS1.2", "TLS1.3"] as const;
const Severity = z.enum(BASELINE_SEVERITIES);
const KeyBits = z.number().int().min(1024).max(16384);

type Level = (typeof BASELINE_SEVERITIES)[number];
// prefault: an omitted rule is parsed from {}, so its own defaults fill it.
const rule = (severity: Level) => z.strictObject({ severity: Severity.default(severity) }).prefault({});
const valued = <V extends z.ZodType>(value: V, fallback: z.output<V>, severity: Level) =>
  z.strictObject({ value: value.default(fallback as never), severity: Severity.default(severity) }).prefault({});

/** Reference defaults: the minimums fail, the recommendations and OCSP/SCT are only reported. */
export const SecurityBaseline = z
  .strictObject({
    enabled: z.boolean().default(true),
    minTLSVersion: valued(z.enum(TLS_VERSIONS), "TLS1.2", "fail"),
    minKeySizeBits: valued(KeyBits, 2048, "fail"),
    weakSignatureAlgorithm: rule("fail"),
    weakCipherSuite: rule("fail"),
    knownBadCA: rule("fail"),
    recommendedTLSVersion: valued(z.enum(TLS_VERSIONS), "TLS1.3", "ignore"),
    recommendedKeySizeBits: valued(KeyBits, 3072, "ignore"),
    ocspMustStapleRespected: rule("ignore"),
    sctPresent: rule("ignore"),
  })
  .prefault({});
export type SecurityBaseline = z.output<typeof SecurityBaseline>;

export const SslConfig = z.strictObject({
  hostname: Host,
  port: z.number().int().min(1).max(65535).default(443),
  /** SNI and the name verified; unset or "": the hostname. */
  serverName: z
    .union([Host, z.literal("")])
    .nullable()
    .default(null),
  ipFamily: z.enum(["IPv4", "IPv6"]).default("IPv4"),
  skipChainValidation: z.boolean().default(false),
  handshakeTimeoutMs: z.number().int().min(1000).max(30000).default(10000),
  alertDaysBeforeExpiry: z.number().int().min(1).max(365).default(20),
  securityBaseline: SecurityBaseline,
  /** Stored as sent: Vigil keeps no client certificates, so none is ever presented. */
  clientCertificateMode: z.enum(["auto", "explicit"]).optional(),
});

export const SSL_ASSERTION_SOURCES = [
  "CERTIFICATE",
  "CONNECTION",
  "RESPONSE_TIME",
  "JSON_RESPONSE",
  "TEXT_RESPONSE",
] as const;

export const SslRequest = z.strictObject({
  sslConfig: SslConfig,
  sslClientCertificateId: z
    .null({ message: "client certificates are not supported by Vigil: send null or leave it out" })
    .optional(),
  assertions: z
    .array(Assertion.extend({ source: z.enum(SSL_ASSERTION_SOURCES), comparison: z.enum(ASSERTION_COMPARISONS) }))
    .max(LIMITS.items)
    .default([]),
});
export type SslRequest = z.output<typeof SslRequest>;
