import { evaluateAssertion, type Assertion } from "../assertions.js";
import { interpolate } from "../effective.js";
import { scrubHeaders, scrubText, secretValues } from "../scrub.js";
import { exchange, NetworkError, type HttpExchange } from "./http.js";

type KeyValue = { key: string; value: string };
type Variable = { key: string; value: string | null; secret?: boolean };
export type ApiRequest = {
  method?: string; url: string; headers?: KeyValue[]; queryParameters?: KeyValue[]; body?: string | null; bodyType?: string | null;
  basicAuth?: { username: string; password: string } | null; followRedirects?: boolean; skipSSL?: boolean; assertions?: Assertion[];
};
export type ApiRunSettings = { degradedResponseTime: number | null; maxResponseTime: number | null; shouldFail: boolean; timeoutMs: number; blockPrivateTargets: boolean };

/** What one try of an API check produced: the result's verdict fields and its apiCheckResult. */
export type RunOutcome = {
  hasFailures: boolean; hasErrors: boolean; isDegraded: boolean | null; overMaxResponseTime: boolean | null; networkError: boolean;
  responseTime: number; startedAt: Date; stoppedAt: Date; apiCheckResult: Record<string, unknown>;
};

const CONTENT_TYPES: Record<string, string> = { JSON: "application/json", FORM: "application/x-www-form-urlencoded", RAW: "text/plain", GRAPHQL: "application/json" };

/**
 * Runs one try of an API check: variables interpolated, query parameters and basic auth applied,
 * assertions evaluated (no assertions: a status of 400 or more fails), maxResponseTime exceeded
 * fails and degradedResponseTime marks degraded, shouldFail inverts the verdict. A failure before
 * any response is a network error. Secrets are scrubbed from everything recorded.
 */
export async function runApiCheck(request: ApiRequest, variables: readonly Variable[], settings: ApiRunSettings): Promise<RunOutcome> {
  const fill = (text: string) => interpolate(text, variables);
  const url = new URL(fill(request.url));
  for (const { key, value } of request.queryParameters ?? []) url.searchParams.append(fill(key), fill(value));
  const headers: Record<string, string> = Object.fromEntries((request.headers ?? []).map(({ key, value }) => [fill(key), fill(value)]));
  const basicToken = request.basicAuth?.username ? Buffer.from(`${fill(request.basicAuth.username)}:${fill(request.basicAuth.password)}`).toString("base64") : null;
  if (basicToken) headers.authorization = `Basic ${basicToken}`;
  const body = request.body ? fill(request.body) : undefined;
  if (body && request.bodyType && CONTENT_TYPES[request.bodyType] && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["content-type"] = CONTENT_TYPES[request.bodyType]!;
  const secrets = secretValues(variables, [request.basicAuth?.password, basicToken]);
  const method = (request.method ?? "GET").toUpperCase();
  const recordedRequest = { method, url: scrubText(url.toString(), secrets), data: body ? scrubText(body, secrets) : "", headers: scrubHeaders(headers, secrets), params: Object.fromEntries([...url.searchParams].map(([k, v]) => [k, scrubText(v, secrets)])) };

  const startedAt = new Date();
  let response: HttpExchange | null = null;
  let requestError: string | null = null;
  try {
    response = await exchange({ method, url: url.toString(), headers, body, timeoutMs: settings.timeoutMs, skipSSL: request.skipSSL ?? false, followRedirects: request.followRedirects ?? true, blockPrivateTargets: settings.blockPrivateTargets });
  } catch (error) {
    requestError = scrubText(error instanceof Error ? error.message : String(error), secrets);
    if (!(error instanceof NetworkError)) throw error;
  }
  const stoppedAt = new Date();
  const responseTime = Math.round(response?.timings.total ?? stoppedAt.getTime() - startedAt.getTime());
  const assertions = response ? (request.assertions ?? []).map((a) => evaluateAssertion(a, { status: response!.status, headers: response!.headers, body: response!.body, responseTimeMs: responseTime })) : [];
  const overMax = settings.maxResponseTime != null && response ? responseTime > settings.maxResponseTime : null;
  const passed = response !== null && (assertions.length ? assertions.every((a) => a.passed) : response.status < 400) && !overMax;
  return {
    hasFailures: settings.shouldFail ? passed : !passed,
    hasErrors: false,
    isDegraded: settings.degradedResponseTime != null && response ? responseTime > settings.degradedResponseTime : null,
    overMaxResponseTime: overMax,
    networkError: response === null,
    responseTime,
    startedAt,
    stoppedAt,
    apiCheckResult: {
      assertions: assertions.map(({ source, target, comparison, property, actual, passed: ok }) => ({ source, target, comparison, property, actual, passed: ok })),
      request: recordedRequest,
      ...(response
        ? { response: { status: response.status, statusText: response.statusText, body: scrubText(response.body, secrets), headers: scrubHeaders(response.headers, secrets), timings: response.timings, timingPhases: response.timings } }
        : {}),
      requestError,
      jobLog: null,
      jobAssets: null,
      pcapDataUrl: null,
    },
  };
}
