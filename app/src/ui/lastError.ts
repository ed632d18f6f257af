/** The reason a result failed, in one line: the request's error, else the first failed assertion. */
export type ResultFacts = {
  readonly hasFailures: boolean;
  readonly hasErrors: boolean;
  readonly apiCheckResult?: {
    readonly requestError?: string | null;
    readonly response?: { readonly status?: number | null } | null;
    readonly assertions?: ReadonlyArray<{
      readonly source?: string | null;
      readonly property?: string | null;
      readonly comparison?: string | null;
      readonly target?: string | null;
      readonly actual?: string | null;
      readonly passed?: boolean | null;
    }> | null;
  } | null;
};

export function lastError(result: ResultFacts | null | undefined): string | null {
  if (!result || (!result.hasFailures && !result.hasErrors)) return null;
  const api = result.apiCheckResult;
  if (api?.requestError) return api.requestError;
  const failed = api?.assertions?.find((assertion) => assertion.passed === false);
  if (failed) {
    const what = [failed.source, failed.property].filter(Boolean).join(" ");
    return `${what} ${failed.comparison ?? ""} ${failed.target ?? ""}: got ${failed.actual ?? "nothing"}`.replace(
      /\s+/g,
      " ",
    );
  }
  if (api?.response?.status != null) return `HTTP ${api.response.status}`;
  return result.hasErrors ? "The run had an error" : "The run failed";
}
