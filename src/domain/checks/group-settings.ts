import type { CheckGroup } from "../../generated/sqlite/client.js";
import { effectiveCheck } from "../monitoring/effective.js";
import type { CheckRow } from "./rows.js";

/**
 * A check of a group as the reference's group-check reads show it, "with the group settings
 * applied": the values it runs with (src/domain/monitoring/effective.ts), so the one rule serves
 * both. Its group's locations, private locations and runtime when the group has them, active only
 * while the group is, muted when the group is, the group's alert settings when the group keeps its
 * own, environment variables merged (the check's win; secrets are redacted by the adapter as
 * always), an API check's request under the group's API defaults, and a FALLBACK retry strategy as
 * the group's. Stored values are unchanged; only the returned copy differs.
 */
export function withGroupSettings(check: CheckRow, group: CheckGroup): CheckRow {
  const effective = effectiveCheck(check, group);
  const ownAlerts = group.useGlobalAlertSettings === false;
  return {
    ...check,
    activated: effective.activated,
    muted: effective.muted,
    locations: effective.locations,
    privateLocations: effective.privateLocations,
    runtimeId: effective.runtimeId,
    environmentVariables: effective.environmentVariables,
    request: (effective.request ?? check.request) as CheckRow["request"],
    ...(ownAlerts ? { useGlobalAlertSettings: false, alertSettings: group.alertSettings } : {}),
    ...(check.retryStrategy === "FALLBACK" ? { retryStrategy: group.retryStrategy } : {}),
  } as CheckRow;
}
