import type { SecurityBaseline, SslRequest } from "../../../domain/checks/ssl-schemas.js";
import { builder } from "../../builder.js";
import { IpFamilyEnum, SslSeverityEnum, TlsVersionEnum } from "./enums.js";
import { AssertionRef } from "./settings.js";

type Rule = { severity: string; value?: string | number };
type Config = SslRequest["sslConfig"];

const RuleRef = builder.objectRef<Rule>("SslBaselineRule").implement({
  fields: (t) => ({ severity: t.field({ type: SslSeverityEnum, resolve: (r) => r.severity as never }) }),
});
const TlsRuleRef = builder.objectRef<Rule>("SslTlsVersionRule").implement({
  fields: (t) => ({
    value: t.field({ type: TlsVersionEnum, resolve: (r) => r.value as never }),
    severity: t.field({ type: SslSeverityEnum, resolve: (r) => r.severity as never }),
  }),
});
const KeyRuleRef = builder.objectRef<Rule>("SslKeySizeRule").implement({
  fields: (t) => ({
    value: t.int({
      description: "Bits (RSA, or an elliptic key's RSA-equivalent strength).",
      resolve: (r) => Number(r.value),
    }),
    severity: t.field({ type: SslSeverityEnum, resolve: (r) => r.severity as never }),
  }),
});

const BaselineRef = builder.objectRef<SecurityBaseline>("SslSecurityBaseline").implement({
  description: "What the handshake is graded against; a failed rule fails, degrades or only reports, by its severity.",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled"),
    minTLSVersion: t.field({ type: TlsRuleRef, resolve: (b) => b.minTLSVersion }),
    minKeySizeBits: t.field({ type: KeyRuleRef, resolve: (b) => b.minKeySizeBits }),
    weakSignatureAlgorithm: t.field({ type: RuleRef, resolve: (b) => b.weakSignatureAlgorithm }),
    weakCipherSuite: t.field({ type: RuleRef, resolve: (b) => b.weakCipherSuite }),
    knownBadCA: t.field({ type: RuleRef, description: "Accepted, never evaluated.", resolve: (b) => b.knownBadCA }),
    recommendedTLSVersion: t.field({ type: TlsRuleRef, resolve: (b) => b.recommendedTLSVersion }),
    recommendedKeySizeBits: t.field({ type: KeyRuleRef, resolve: (b) => b.recommendedKeySizeBits }),
    ocspMustStapleRespected: t.field({
      type: RuleRef,
      description: "Accepted, never evaluated.",
      resolve: (b) => b.ocspMustStapleRespected,
    }),
    sctPresent: t.field({ type: RuleRef, resolve: (b) => b.sctPresent }),
  }),
});

const ConfigRef = builder.objectRef<Config>("SslConfig").implement({
  fields: (t) => ({
    hostname: t.exposeString("hostname"),
    port: t.exposeInt("port"),
    serverName: t.string({ nullable: true, resolve: (c) => c.serverName ?? null }),
    ipFamily: t.field({ type: IpFamilyEnum, resolve: (c) => c.ipFamily as never }),
    skipChainValidation: t.exposeBoolean("skipChainValidation"),
    handshakeTimeoutMs: t.exposeInt("handshakeTimeoutMs"),
    alertDaysBeforeExpiry: t.exposeInt("alertDaysBeforeExpiry"),
    securityBaseline: t.field({ type: BaselineRef, resolve: (c) => c.securityBaseline }),
  }),
});

export const SslRequestRef = builder.objectRef<SslRequest>("SslCheckRequest").implement({
  description: "Where an SSL monitor makes its TLS handshake, and what it asserts.",
  fields: (t) => ({
    sslConfig: t.field({ type: ConfigRef, resolve: (r) => r.sslConfig }),
    assertions: t.field({ type: [AssertionRef], resolve: (r) => (r.assertions ?? []) as never }),
  }),
});
