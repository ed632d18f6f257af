import type { Runner } from "../execute.js";
import { runApiCheck, type ApiRequest } from "./api.js";

/** The runners the service has: API checks for now (URL, TCP, DNS and ICMP come next). */
export function defaultRunners(options: { blockPrivateTargets: boolean; timeoutMs?: number }): Record<string, Runner> {
  return {
    API: (check, effective) =>
      runApiCheck(effective.request as ApiRequest, effective.environmentVariables, {
        degradedResponseTime: check.degradedResponseTime,
        maxResponseTime: check.maxResponseTime,
        shouldFail: check.shouldFail,
        timeoutMs: options.timeoutMs ?? 30_000,
        blockPrivateTargets: options.blockPrivateTargets,
      }),
  };
}
