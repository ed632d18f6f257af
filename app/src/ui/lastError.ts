import { graphql, readInlineData } from "react-relay";
import type { lastError_result$data, lastError_result$key } from "../__generated__/lastError_result.graphql";

/** What a result's outcome is read from; spread it wherever a result's error is shown. */
const fragment = graphql`
  fragment lastError_result on CheckResult @inline {
    hasFailures
    hasErrors
    apiCheckResult {
      requestError
      response {
        status
      }
      assertions {
        source
        property
        comparison
        target
        actual
        passed
      }
    }
  }
`;

export type ResultOutcome = lastError_result$data;

export const readOutcome = (result: lastError_result$key): ResultOutcome => readInlineData(fragment, result);

/** The reason a result failed, in one line: the request's error, else the first failed assertion. */
export function lastError(key: lastError_result$key | null | undefined): string | null {
  if (!key) return null;
  const result = readOutcome(key);
  if (!result.hasFailures && !result.hasErrors) return null;
  const api = result.apiCheckResult;
  if (api?.requestError) return api.requestError;
  const failed = api?.assertions?.find((assertion) => assertion.passed === false);
  if (failed) {
    const what = [failed.source, failed.property].filter(Boolean).join(" ");
    const expected = `${failed.comparison ?? ""} ${failed.target ?? ""}`;
    return `${what} ${expected}: got ${failed.actual ?? "nothing"}`.replace(/\s+/g, " ");
  }
  if (api?.response?.status != null) return `HTTP ${api.response.status}`;
  return result.hasErrors ? "The run had an error" : "The run failed";
}
