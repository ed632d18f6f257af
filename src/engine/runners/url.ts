import type { Assertion } from "../../domain/monitoring/assertions.js";
import { runApiCheck, type ApiTryOutcome, type RunSettings, type Variable } from "./api.js";

export type UrlRequest = {
  url: string;
  followRedirects?: boolean;
  skipSSL?: boolean;
  ipFamily?: string | null;
  assertions?: Assertion[];
};

/**
 * A URL monitor is an API check reduced to a GET: redirects and TLS verification as asked,
 * STATUS_CODE assertions (none: a status of 400 or more fails), degradedResponseTime and
 * maxResponseTime as for API checks, and the same apiCheckResult record. `ipFamily` is not
 * applied: the HTTP exchange resolves with the system's preference.
 */
export function runUrlCheck(
  request: UrlRequest,
  variables: readonly Variable[],
  settings: RunSettings,
): Promise<ApiTryOutcome> {
  return runApiCheck(
    {
      method: "GET",
      url: request.url,
      followRedirects: request.followRedirects ?? true,
      skipSSL: request.skipSSL ?? false,
      assertions: request.assertions ?? [],
    },
    variables,
    settings,
  );
}
