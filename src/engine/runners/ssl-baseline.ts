import type { SecurityBaseline } from "../../domain/checks/ssl-schemas.js";
import type { Handshake } from "./ssl-handshake.js";
import { hasExtension, keyStrength, signatureAlgorithm } from "./ssl-certificate.js";

type Severity = "fail" | "degrade" | "ignore";
/** One rule's outcome: `not_evaluated` for rules needing data Vigil does not have (never fails a run). */
export type RuleOutcome = {
  severity: Severity;
  status: "pass" | "fail" | "not_evaluated";
  actual: unknown;
  expected: unknown;
  note?: string;
};
export type BaselineOutcome = {
  verdict: "pass" | "degrade" | "fail" | "disabled";
  grade: string;
  rules: Record<string, RuleOutcome>;
};

/** OpenSSL's protocol names in the baseline's notation. */
export function tlsVersionName(protocol: string): string {
  return protocol.replace(/^TLSv/, "TLS").replace(/^TLS1$/, "TLS1.0");
}
const versionNumber = (name: string) => Number(name.replace(/^TLS/, "")) || 0;

/** Ciphers no baseline accepts: no encryption, export grade, anonymous, RC4, DES and 3DES, MD5 MACs. */
const WEAK_CIPHER = /NULL|EXPORT|EXP-|anon|ADH|AECDH|RC4|DES|MD5/i;

/**
 * The security baseline (reference ChecksV1SslConfig.securityBaseline): each rule passes or fails
 * on what the handshake showed; its severity says what a failure does to the run. knownBadCA
 * (no list of known-bad CAs) and ocspMustStapleRespected (stapled responses are not decoded) are
 * reported as not evaluated. The grade: A nothing failed, B only ignored rules failed, C a
 * degrading rule failed, F a failing rule failed.
 */
export function gradeBaseline(baseline: SecurityBaseline, shook: Handshake): BaselineOutcome {
  const leaf = shook.chain[0]!;
  const version = tlsVersionName(shook.protocol);
  const key = keyStrength(leaf);
  const signature = signatureAlgorithm(leaf);
  const atLeast = (minimum: string) => versionNumber(version) >= versionNumber(minimum);
  const judged = (severity: Severity, passed: boolean, actual: unknown, expected: unknown): RuleOutcome => ({
    severity,
    status: passed ? "pass" : "fail",
    actual,
    expected,
  });
  const notEvaluated = (severity: Severity, note: string): RuleOutcome => ({
    severity,
    status: "not_evaluated",
    actual: null,
    expected: null,
    note,
  });
  const b = baseline;
  const rules: Record<string, RuleOutcome> = {
    minTLSVersion: judged(b.minTLSVersion.severity, atLeast(b.minTLSVersion.value), version, b.minTLSVersion.value),
    minKeySizeBits: judged(
      b.minKeySizeBits.severity,
      key.bits !== null && key.bits >= b.minKeySizeBits.value,
      key.bits,
      b.minKeySizeBits.value,
    ),
    weakSignatureAlgorithm: judged(
      b.weakSignatureAlgorithm.severity,
      !signature.weak,
      signature.name,
      "not MD2, MD5 or SHA-1",
    ),
    weakCipherSuite: judged(
      b.weakCipherSuite.severity,
      !WEAK_CIPHER.test(shook.opensslCipher),
      shook.cipher,
      "no NULL, export, anonymous, RC4, DES, 3DES or MD5 suite",
    ),
    knownBadCA: notEvaluated(b.knownBadCA.severity, "Vigil has no list of known-bad certificate authorities"),
    recommendedTLSVersion: judged(
      b.recommendedTLSVersion.severity,
      atLeast(b.recommendedTLSVersion.value),
      version,
      b.recommendedTLSVersion.value,
    ),
    recommendedKeySizeBits: judged(
      b.recommendedKeySizeBits.severity,
      key.bits !== null && key.bits >= b.recommendedKeySizeBits.value,
      key.bits,
      b.recommendedKeySizeBits.value,
    ),
    ocspMustStapleRespected: notEvaluated(
      b.ocspMustStapleRespected.severity,
      `stapled OCSP responses are not decoded (must-staple: ${hasExtension(leaf, "mustStaple")}, stapled: ${shook.ocspStapled})`,
    ),
    sctPresent: judged(b.sctPresent.severity, hasExtension(leaf, "sct"), hasExtension(leaf, "sct"), true),
  };
  if (!b.enabled) return { verdict: "disabled", grade: "N/A", rules };
  const failed = Object.values(rules).filter((rule) => rule.status === "fail");
  if (failed.some((rule) => rule.severity === "fail")) return { verdict: "fail", grade: "F", rules };
  if (failed.some((rule) => rule.severity === "degrade")) return { verdict: "degrade", grade: "C", rules };
  return { verdict: "pass", grade: failed.length ? "B" : "A", rules };
}
