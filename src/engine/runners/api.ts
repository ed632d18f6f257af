import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import {
  evaluateAssertion,
  type Assertion,
  type AssertionResult,
  type ResponseFacts,
} from "../../domain/monitoring/assertions.js";
import { interpolate } from "../../domain/monitoring/effective.js";
import { scrubHeaders, scrubText, secretValues } from "../../domain/monitoring/scrub.js";
import type { TryOutcome } from "../../domain/monitoring/tries.js";
import { exchange, NetworkError, type HttpExchange } from "./http.js";
import { addressRuleFor, type TargetPolicy } from "../../net/address-rule.js";
import { refusalText } from "../../net/guarded-lookup.js";
import type { ExtraCa } from "../../net/tls-trust.js";

type KeyValue = { key: string; value: string };
export type Variable = { key: string; value: string | null; secret?: boolean };
export type ApiRequest = {
  method?: string;
  url: string;
  headers?: KeyValue[];
  queryParameters?: KeyValue[];
  body?: string | null;
  bodyType?: string | null;
  basicAuth?: { username: string; password: string } | null;
  followRedirects?: boolean;
  skipSSL?: boolean;
  assertions?: Assertion[];
  ipFamily?: "IPv4" | "IPv6" | null;
};
export type ApiRunSettings = TargetPolicy & {
  degradedResponseTime: number | null;
  maxResponseTime: number | null;
  shouldFail: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  /** EXTRA_CA_CERTS: roots every TLS connection of a check trusts besides Node's. */
  extraCa?: ExtraCa;
};
/** What every runner is given besides its request (the API runner's settings are the common ones). */
export type RunSettings = ApiRunSettings;

/** What one try of a check produced: the result's verdict fields and its apiCheckResult. */
export type ApiTryOutcome = TryOutcome & { apiCheckResult: Record<string, unknown> };

const CONTENT_TYPES: Record<string, string> = {
  JSON: "application/json",
  FORM: "application/x-www-form-urlencoded",
  RAW: "text/plain",
  GRAPHQL: "application/json",
};

/**
 * Runs one try of an API check: variables interpolated, query parameters and basic auth applied,
 * assertions evaluated (no assertions: a status of 400 or more fails), maxResponseTime exceeded
 * fails and degradedResponseTime marks degraded, shouldFail inverts the verdict. A failure before
 * any response is a network error. Secrets are scrubbed from everything recorded.
 */
export async function runApiCheck(
  request: ApiRequest,
  variables: readonly Variable[],
  settings: ApiRunSettings,
): Promise<ApiTryOutcome> {
  const fill = (text: string) => interpolate(text, variables);
  const url = new URL(fill(request.url));
  for (const { key, value } of request.queryParameters ?? []) url.searchParams.append(fill(key), fill(value));
  const headers: Record<string, string> = Object.fromEntries(
    (request.headers ?? []).map(({ key, value }) => [fill(key), fill(value)]),
  );
  const basicToken = request.basicAuth?.username
    ? Buffer.from(`${fill(request.basicAuth.username)}:${fill(request.basicAuth.password)}`).toString("base64")
    : null;
  if (basicToken) headers.authorization = `Basic ${basicToken}`;
  const body = request.body ? fill(request.body) : undefined;
  if (
    body &&
    request.bodyType &&
    CONTENT_TYPES[request.bodyType] &&
    !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")
  )
    headers["content-type"] = CONTENT_TYPES[request.bodyType]!;
  const secrets = secretValues(variables, [request.basicAuth?.password, basicToken]);
  const method = (request.method ?? "GET").toUpperCase();
  const recordedRequest = {
    method,
    url: scrubText(url.toString(), secrets),
    data: body ? scrubText(body, secrets) : "",
    headers: scrubHeaders(headers, secrets),
    params: Object.fromEntries([...url.searchParams].map(([k, v]) => [k, scrubText(v, secrets)])),
  };

  const startedAt = new Date();
  let response: HttpExchange | null = null;
  let requestError: string | null = null;
  try {
    response = await exchange({
      method,
      url: url.toString(),
      headers,
      body,
      timeoutMs: settings.timeoutMs,
      skipSSL: request.skipSSL ?? false,
      followRedirects: request.followRedirects ?? true,
      blockPrivateTargets: settings.blockPrivateTargets,
      privateTargetsAllow: settings.privateTargetsAllow,
      ...(settings.extraCa ? { extraCa: settings.extraCa } : {}),
      ...(request.ipFamily === "IPv6"
        ? { family: 6 as const }
        : request.ipFamily === "IPv4"
          ? { family: 4 as const }
          : {}),
      ...(settings.signal ? { signal: settings.signal } : {}),
    });
  } catch (error) {
    requestError = scrubText(error instanceof Error ? error.message : String(error), secrets);
    if (!(error instanceof NetworkError)) throw error;
  }
  const stoppedAt = new Date();
  const responseTime = Math.round(response?.timings.total ?? stoppedAt.getTime() - startedAt.getTime());
  const assertions = response
    ? (request.assertions ?? []).map((a) =>
        evaluateAssertion(a, {
          status: response!.status,
          headers: response!.headers,
          body: response!.body,
          responseTimeMs: responseTime,
        }),
      )
    : [];
  const passed = response !== null && (assertions.length ? assertions.every((a) => a.passed) : response.status < 400);
  return tryOutcome(
    settings,
    { reached: response !== null, passed, responseTime, startedAt, stoppedAt },
    {
      assertions,
      request: recordedRequest,
      response: response && {
        status: response.status,
        statusText: response.statusText,
        body: scrubText(response.body, secrets),
        headers: scrubHeaders(response.headers, secrets),
        timings: response.timings,
        timingPhases: response.timings,
      },
      requestError,
    },
  );
}

// The pieces below are shared by the URL, TCP, DNS and ICMP runners.

/**
 * The verdict of one try: a try that reached its target passes when `passed` (its assertions or
 * its type's default rule) and it was not over maxResponseTime; degraded over
 * degradedResponseTime; shouldFail inverts pass/fail only.
 */
function verdict(
  settings: Pick<RunSettings, "degradedResponseTime" | "maxResponseTime" | "shouldFail">,
  run: { reached: boolean; passed: boolean; responseTime: number },
) {
  const overMaxResponseTime =
    settings.maxResponseTime != null && run.reached ? run.responseTime > settings.maxResponseTime : null;
  const passed = run.reached && run.passed && !overMaxResponseTime;
  return {
    hasFailures: settings.shouldFail ? passed : !passed,
    isDegraded:
      settings.degradedResponseTime != null && run.reached ? run.responseTime > settings.degradedResponseTime : null,
    overMaxResponseTime,
  };
}

/**
 * One try's outcome from its verdict and what it recorded (in apiCheckResult, the field every
 * runner of the service fills); a try that never reached its target is a network error.
 */
export function tryOutcome(
  settings: Pick<RunSettings, "degradedResponseTime" | "maxResponseTime" | "shouldFail">,
  run: { reached: boolean; passed: boolean; responseTime: number; startedAt: Date; stoppedAt: Date },
  record: { assertions: readonly AssertionResult[]; request: unknown; response: unknown; requestError: string | null },
): ApiTryOutcome {
  return {
    ...verdict(settings, run),
    hasErrors: false,
    networkError: !run.reached,
    responseTime: Math.round(run.responseTime),
    startedAt: run.startedAt,
    stoppedAt: run.stoppedAt,
    apiCheckResult: {
      assertions: recordedAssertions(record.assertions),
      request: record.request,
      ...(record.response ? { response: record.response } : {}),
      requestError: record.requestError,
      jobLog: null,
      jobAssets: null,
      pcapDataUrl: null,
    },
  };
}

export function recordedAssertions(results: readonly AssertionResult[]) {
  return results.map(({ source, target, comparison, property, actual, passed }) => ({
    source,
    target,
    comparison,
    property,
    actual,
    passed,
  }));
}

/** Evaluates a type's own assertion source as the API source that reads the same kind of value; recorded under its own source. */
export function evaluateAs(
  assertion: Assertion,
  apiSource: string,
  facts: Partial<ResponseFacts>,
  property = assertion.property,
): AssertionResult {
  const result = evaluateAssertion(
    { ...assertion, source: apiSource, property },
    { status: 0, headers: {}, body: "", responseTimeMs: 0, ...facts },
  );
  return { ...result, source: assertion.source, property: assertion.property };
}

/** A try that could not run at all (unsupported setting, missing tool): hasErrors, never a pass or a failure. */
export function errorOutcome(
  message: string,
  request: Record<string, unknown> = {},
  startedAt = new Date(),
): ApiTryOutcome {
  return {
    hasFailures: false,
    hasErrors: true,
    isDegraded: null,
    overMaxResponseTime: null,
    networkError: false,
    responseTime: 0,
    startedAt,
    stoppedAt: new Date(),
    apiCheckResult: {
      assertions: [],
      request,
      requestError: message,
      jobLog: null,
      jobAssets: null,
      pcapDataUrl: null,
    },
  };
}

/** Every string in a recorded value with secrets replaced. */
export function scrubDeep<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === "string") return scrubText(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubDeep(item, secrets)) as T;
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, secrets)])) as T;
  return value;
}

/**
 * One address of `host` in `family` (0: any), refused when the address rule refuses it.
 * Runners then connect to this address, so a second lookup cannot swap in another one.
 */
export async function resolveTarget(
  host: string,
  family: 0 | 4 | 6,
  policy: TargetPolicy,
): Promise<{ address: string; family: number; dnsMs: number }> {
  const start = performance.now();
  const literal = isIP(host);
  if (literal && family && literal !== family) throw new NetworkError(`${host} is not an IPv${family} address`);
  let resolved: { address: string; family: number };
  try {
    resolved = literal ? { address: host, family: literal } : await lookup(host, { family });
  } catch (error) {
    throw new NetworkError(`could not resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (addressRuleFor(policy)(resolved.address)) {
    throw new NetworkError(refusalText(literal ? `${host} is` : `${host} resolves to ${resolved.address}, which is`));
  }
  return { ...resolved, dnsMs: performance.now() - start };
}
