import type { CheckSettings, GroupSettings } from "./effective.js";

/** A setting a check of a group runs with from its group rather than its own (see effectiveCheck). */
export const GROUP_SETTINGS = [
  "LOCATIONS",
  "PRIVATE_LOCATIONS",
  "RUNTIME",
  "RETRY_STRATEGY",
  "ALERT_SETTINGS",
  "ENVIRONMENT_VARIABLES",
  "API_DEFAULTS",
  "PAUSED",
  "MUTED",
] as const;
export type GroupSetting = (typeof GROUP_SETTINGS)[number];

const some = (value: unknown) => Array.isArray(value) && value.length > 0;
const filled = (value: unknown) =>
  value != null && typeof value === "object" && Object.values(value).some((v) => (Array.isArray(v) ? v.length : v));

/**
 * Which settings the group gives the check, by the conditions effectiveCheck applies: the group's
 * locations, private locations and runtime when it has them, its retry strategy for FALLBACK, its
 * alert settings unless it uses the account's, its variables and API defaults merged, and its
 * paused or muted state over the check's. The app shows these beside each check of a group.
 */
export function inheritedSettings(
  check: Pick<CheckSettings, "retryStrategy" | "checkType" | "activated" | "muted">,
  group: Pick<
    GroupSettings,
    | "locations"
    | "privateLocations"
    | "runtimeId"
    | "alertSettings"
    | "useGlobalAlertSettings"
    | "environmentVariables"
    | "apiCheckDefaults"
    | "activated"
    | "muted"
  >,
): GroupSetting[] {
  const taken: Record<GroupSetting, boolean> = {
    LOCATIONS: some(group.locations),
    PRIVATE_LOCATIONS: some(group.privateLocations),
    RUNTIME: group.runtimeId != null,
    RETRY_STRATEGY: check.retryStrategy === "FALLBACK",
    ALERT_SETTINGS: group.useGlobalAlertSettings === false,
    ENVIRONMENT_VARIABLES: some(group.environmentVariables),
    API_DEFAULTS: check.checkType === "API" && filled(group.apiCheckDefaults),
    PAUSED: check.activated && !group.activated,
    MUTED: !check.muted && group.muted,
  };
  return GROUP_SETTINGS.filter((setting) => taken[setting]);
}
