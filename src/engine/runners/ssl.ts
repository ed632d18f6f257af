import { isIP } from "node:net";
import type { Assertion } from "../../domain/monitoring/assertions.js";
import { SecurityBaseline } from "../../domain/checks/ssl-schemas.js";
import { interpolate } from "../../domain/monitoring/effective.js";
import { secretValues } from "../../domain/monitoring/scrub.js";
import type { TryOutcome } from "../../domain/monitoring/tries.js";
import { recordedAssertions, resolveTarget, scrubDeep, tryOutcome, type RunSettings, type Variable } from "./api.js";
import { NetworkError } from "./http.js";
import { gradeBaseline } from "./ssl-baseline.js";
import { handshake, type Handshake } from "./ssl-handshake.js";
import { categoryOf, evaluateSsl, failureOf, responseOf } from "./ssl-verdict.js";

/** An SSL monitor's stored request (reference ChecksV1SslRequest, defaults filled by the domain). */
export type StoredSslRequest = {
  sslConfig: {
    hostname: string;
    port?: number;
    serverName?: string | null;
    ipFamily?: string;
    skipChainValidation?: boolean;
    handshakeTimeoutMs?: number;
    alertDaysBeforeExpiry?: number;
    securityBaseline: SecurityBaseline;
  };
  assertions?: Assertion[];
};
export type SslOutcome = TryOutcome & { sslCheckResult: Record<string, unknown> };

/**
 * Runs one try of an SSL monitor: resolve (refused under BLOCK_PRIVATE_TARGETS), handshake within
 * handshakeTimeoutMs (and the run's timeout), then judge the certificate, the chain, the name,
 * the security baseline and the assertions. docs/ssl-checks.md lists the failure categories.
 */
export async function runSslCheck(
  request: StoredSslRequest,
  variables: readonly Variable[],
  settings: RunSettings,
): Promise<SslOutcome> {
  const config = request.sslConfig;
  const secrets = secretValues(variables);
  const host = interpolate(config.hostname, variables)
    .trim()
    .replace(/^\[|\]$/g, "");
  const name = config.serverName ? interpolate(config.serverName, variables).trim() : host;
  const port = config.port ?? 443;
  const recordedRequest = scrubDeep(
    {
      hostname: host,
      port,
      serverName: name,
      ipFamily: config.ipFamily ?? "IPv4",
      skipChainValidation: config.skipChainValidation ?? false,
      alertDaysBeforeExpiry: config.alertDaysBeforeExpiry ?? 20,
    },
    secrets,
  );
  const timeoutMs = Math.min(settings.timeoutMs, config.handshakeTimeoutMs ?? 10_000);
  const startedAt = new Date();
  let shook: Handshake | null = null;
  let address = "";
  let dnsMs = 0;
  let requestError: string | null = null;
  try {
    if (!host || host.startsWith("-")) throw new NetworkError(`not a hostname: "${host}"`);
    // An IP literal is its own family: ipFamily chooses between a name's addresses only.
    const family = isIP(host) ? 0 : config.ipFamily === "IPv6" ? 6 : 4;
    const target = await resolveTarget(host, family, settings);
    ({ address, dnsMs } = target);
    shook = await handshake({
      address,
      port,
      name,
      timeoutMs: Math.max(1, Math.round(timeoutMs - dnsMs)),
      ...(settings.extraCa ? { extraCa: settings.extraCa } : {}),
      ...(settings.signal ? { signal: settings.signal } : {}),
    });
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    requestError = scrubDeep(error.message, secrets);
  }
  const stoppedAt = new Date();
  if (!shook) return unreached(settings, recordedRequest, requestError, startedAt, stoppedAt);
  const now = stoppedAt.getTime();
  const responseTime = Math.round(dnsMs + shook.connectMs + shook.handshakeMs);
  // A stored request has its defaults; one without a baseline (written by hand) gets the reference's.
  const rules = SecurityBaseline.safeParse(config.securityBaseline).data ?? SecurityBaseline.parse(undefined);
  const baseline = gradeBaseline(rules, shook);
  const { connection, response } = responseOf(shook, address, baseline, now);
  const results = (request.assertions ?? []).map((a) => evaluateSsl(a, { connection, response, responseTime }));
  const category = failureOf(
    shook,
    { now, skipChain: config.skipChainValidation ?? false, alertDays: config.alertDaysBeforeExpiry ?? 20 },
    baseline,
    results.every((a) => a.passed),
  );
  const outcome = tryOutcome(
    settings,
    { reached: true, passed: category === null, responseTime, startedAt, stoppedAt },
    { assertions: [], request: recordedRequest, response: null, requestError: null },
  );
  const { apiCheckResult: _unused, ...verdict } = outcome;
  const overMax = verdict.overMaxResponseTime === true;
  return {
    ...verdict,
    isDegraded: verdict.isDegraded === true || baseline.verdict === "degrade",
    sslCheckResult: scrubDeep(
      {
        tlsVersion: connection.tlsVersion,
        cipherSuite: connection.cipherSuite,
        daysUntilExpiry: connection.daysUntilExpiry,
        handshakeTimeMs: connection.handshakeTimeMs,
        chainTrusted: connection.chainTrusted,
        hostnameVerified: connection.hostnameVerified,
        baselineVerdict: baseline.verdict,
        baselineGrade: baseline.grade,
        failureCategory: category ?? (overMax ? "RESPONSE_TIME" : null),
        requestError: null,
        request: recordedRequest,
        assertions: recordedAssertions(results),
        response,
      },
      secrets,
    ),
  };
}

/** The outcome of a try that reached no handshake: the error's category, no connection figures. */
function unreached(
  settings: RunSettings,
  recordedRequest: Record<string, unknown>,
  requestError: string | null,
  startedAt: Date,
  stoppedAt: Date,
): SslOutcome {
  const outcome = tryOutcome(
    settings,
    { reached: false, passed: false, responseTime: stoppedAt.getTime() - startedAt.getTime(), startedAt, stoppedAt },
    { assertions: [], request: recordedRequest, response: null, requestError },
  );
  const { apiCheckResult: _unused, ...verdict } = outcome;
  return {
    ...verdict,
    sslCheckResult: {
      ...{ tlsVersion: null, cipherSuite: null, daysUntilExpiry: null, handshakeTimeMs: null },
      ...{ chainTrusted: null, hostnameVerified: null, baselineVerdict: null, baselineGrade: null },
      failureCategory: categoryOf(requestError ?? ""),
      requestError,
      request: recordedRequest,
      assertions: [],
      response: null,
    },
  };
}
