import type { EffectiveCheck } from "../../src/domain/monitoring/effective.js";

/** A check's effective settings as a runner receives them: activated, nothing inherited, `request` and `environmentVariables` as given. */
export function effectiveWith(
  request: Record<string, unknown>,
  environmentVariables: EffectiveCheck["environmentVariables"] = [],
): EffectiveCheck {
  return {
    activated: true,
    muted: false,
    locations: [],
    privateLocations: [],
    runtimeId: null,
    retryStrategy: null,
    alertSettings: null,
    environmentVariables,
    request,
  };
}
