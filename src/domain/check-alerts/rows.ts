import type { CheckAlert, CheckResult } from "../../generated/sqlite/client.js";
import type { AlertVariablesInput } from "../alert-templates/variables.js";

/** A stored CheckAlert row (adapters import this, never src/generated). */
export type CheckAlertRow = CheckAlert;

/** What an alert tells of the result that caused it (none for a reminder or a tick). */
export type AlertResult = NonNullable<AlertVariablesInput["result"]>;

type ResultLike = Pick<
  CheckResult,
  "id" | "runLocation" | "responseTime" | "startedAt" | "apiCheckResult" | "browserCheckResult"
> &
  Partial<Pick<CheckResult, "sslCheckResult">>;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/** The alert's view of a result: where and how fast it ran, its status code and first error. */
export function toAlertResult(result: ResultLike): AlertResult {
  const api = record(result.apiCheckResult);
  const response = record(api.response);
  const assertions = Array.isArray(api.assertions) ? api.assertions.map(record) : [];
  const errors = record(result.browserCheckResult).errors;
  const failedAssertion = assertions.find((a) => a.passed === false || a.error);
  const errorMessage =
    (typeof api.requestError === "string" && api.requestError) ||
    sslFailure(record(result.sslCheckResult)) ||
    (Array.isArray(errors) && typeof errors[0] === "string" && errors[0]) ||
    (failedAssertion ? `assertion failed: ${JSON.stringify(failedAssertion)}` : null);
  return {
    id: result.id,
    runLocation: result.runLocation,
    responseTime: result.responseTime,
    errorMessage: errorMessage || null,
    statusCode: typeof response.status === "number" ? response.status : null,
    statusText: typeof response.statusText === "string" ? response.statusText : null,
    startedAt: result.startedAt,
  };
}

/** An SSL run's reason: its request error, else its failure category with the days left. */
function sslFailure(ssl: Record<string, unknown>): string | null {
  if (typeof ssl.requestError === "string" && ssl.requestError) return ssl.requestError;
  if (typeof ssl.failureCategory !== "string") return null;
  const days = typeof ssl.daysUntilExpiry === "number" ? ` (certificate expires in ${ssl.daysUntilExpiry} days)` : "";
  return `${ssl.failureCategory}${days}`;
}
