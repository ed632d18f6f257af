import type { Assertion } from "../../domain/monitoring/assertions.js";
import { evaluateAs } from "./api.js";
import { tlsVersionName, type BaselineOutcome } from "./ssl-baseline.js";
import { describeCertificate } from "./ssl-certificate.js";
import type { Handshake } from "./ssl-handshake.js";

// What an SSL run's handshake means: its failure category, its recorded response, its assertions.

const DAY_MS = 86_400_000;

/** Why a handshake that happened fails the run, first reason first; null when it passes. */
export function failureOf(
  shook: Handshake,
  facts: { now: number; skipChain: boolean; alertDays: number },
  baseline: BaselineOutcome,
  assertionsPassed: boolean,
): string | null {
  const leaf = shook.chain[0]!;
  const validTo = Date.parse(leaf.validTo);
  if (facts.now > validTo) return "CERTIFICATE_EXPIRED";
  if (facts.now < Date.parse(leaf.validFrom)) return "CERTIFICATE_NOT_YET_VALID";
  if (!shook.chainTrusted && !facts.skipChain) return "CHAIN_UNTRUSTED";
  if (shook.hostnameError) return "HOSTNAME_MISMATCH";
  if (baseline.verdict === "fail") return "SECURITY_BASELINE";
  if (!assertionsPassed) return "ASSERTION_FAILED";
  if (validTo - facts.now < facts.alertDays * DAY_MS) return "CERTIFICATE_EXPIRING";
  return null;
}

/** The values CERTIFICATE and CONNECTION assertions read by `property`, and the recorded response. */
export function responseOf(shook: Handshake, address: string, baseline: BaselineOutcome, now: number) {
  const chain = shook.chain.map((cert) => describeCertificate(cert, now));
  const connection = {
    tlsVersion: tlsVersionName(shook.protocol),
    cipherSuite: shook.cipher,
    resolvedIp: address,
    handshakeTimeMs: Math.round(shook.handshakeMs),
    hostnameVerified: shook.hostnameError === null,
    chainTrusted: shook.chainTrusted,
    daysUntilExpiry: chain[0]!.daysUntilExpiry,
    ocspStapled: shook.ocspStapled,
  };
  const { tlsVersion, ...rest } = connection;
  return {
    connection,
    response: {
      protocol: tlsVersion,
      ...rest,
      ...(shook.chainTrusted ? {} : { chainTrustReason: shook.chainTrustReason, chainTrustDetail: trustDetail(shook) }),
      ...(shook.hostnameError ? { hostnameError: shook.hostnameError } : {}),
      securityBaseline: { verdict: baseline.verdict, grade: baseline.grade, rules: baseline.rules },
      certificate: chain[0]!,
      chain,
    },
  };
}

function trustDetail(shook: Handshake): string {
  const top = shook.chain[shook.chain.length - 1]!;
  return `OpenSSL: ${shook.chainTrustReason}; the chain ends at "${top.subject.replace(/\n/g, ", ")}", which no trusted root (Node's, or EXTRA_CA_CERTS) issued`;
}

/** Why no handshake happened. */
export function categoryOf(error: string): string {
  if (/timed out/.test(error)) return "TIMEOUT";
  if (error.startsWith("refused:")) return "TARGET_REFUSED";
  if (error.startsWith("TLS handshake failed")) return "HANDSHAKE_FAILED";
  return "CONNECTION_ERROR";
}

/** SSL assertion sources as the shared evaluator's: docs/ssl-checks.md gives the properties each reads. */
export function evaluateSsl(
  assertion: Assertion,
  run: { connection: object; response: { certificate: object }; responseTime: number },
) {
  switch (assertion.source) {
    case "CERTIFICATE":
      return evaluateAs(assertion, "JSON_BODY", { body: JSON.stringify(run.response.certificate) });
    case "CONNECTION":
      return evaluateAs(assertion, "JSON_BODY", { body: JSON.stringify(run.connection) });
    case "RESPONSE_TIME":
      return evaluateAs(assertion, "RESPONSE_TIME", { responseTimeMs: run.responseTime });
    case "JSON_RESPONSE":
      return evaluateAs(assertion, "JSON_BODY", { body: JSON.stringify(run.response) });
    default:
      return evaluateAs(assertion, "TEXT_BODY", { body: JSON.stringify(run.response) });
  }
}
