import { DEFAULT_ALERT_SETTINGS } from "../shared/schemas.js";
import { effectiveRetryStrategy, type RetryStrategyObject } from "./retry.js";

/**
 * What a check runs with once its group's defaults apply (issue: "Group defaults"): the group's
 * locations, private locations and runtime when it has them, the group's retry strategy for
 * FALLBACK, the group's alert settings unless the group uses the account's, environment
 * variables merged (the check's win), the API defaults merged into the request, and the check
 * only active (or unmuted) when its group is too.
 */
type KeyValue = { key: string; value: string; locked?: boolean };
type Variable = { key: string; value: string | null; secret?: boolean };
type ApiDefaults = {
  url?: string | null;
  headers?: KeyValue[];
  queryParameters?: KeyValue[];
  assertions?: unknown[];
  basicAuth?: { username: string; password: string } | null;
};

export type CheckSettings = {
  activated: boolean;
  muted: boolean;
  locations: unknown;
  privateLocations: unknown;
  runtimeId: string | null;
  retryStrategy: unknown;
  doubleCheck: boolean;
  alertSettings: unknown;
  useGlobalAlertSettings: boolean;
  environmentVariables: unknown;
  request: unknown;
  checkType: string;
};
export type GroupSettings = {
  activated: boolean;
  muted: boolean;
  locations: unknown;
  privateLocations: unknown;
  runtimeId: string | null;
  retryStrategy: unknown;
  alertSettings: unknown;
  useGlobalAlertSettings: boolean | null;
  environmentVariables: unknown;
  apiCheckDefaults: unknown;
  concurrency: number;
};

export type EffectiveCheck = {
  activated: boolean;
  muted: boolean;
  locations: string[];
  privateLocations: string[];
  runtimeId: string | null;
  retryStrategy: RetryStrategyObject | null;
  alertSettings: unknown;
  environmentVariables: Variable[];
  request: Record<string, unknown> | null;
};

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Items of `base` overridden by items of `own` with the same key; `own`'s order after the group's. */
function mergeByKey<T extends { key: string }>(base: T[], own: T[]): T[] {
  const ownKeys = new Set(own.map((item) => item.key.toLowerCase()));
  return [...base.filter((item) => !ownKeys.has(item.key.toLowerCase())), ...own];
}

/** Where a check runs: its group's locations (and private locations) when the group has any, else its own. */
export function effectiveLocations(
  check: { locations: unknown; privateLocations: unknown },
  group: { locations: unknown; privateLocations: unknown } | null,
): { locations: string[]; privateLocations: string[] } {
  const groupLocations = list<string>(group?.locations);
  const groupPrivate = list<string>(group?.privateLocations);
  return {
    locations: groupLocations.length ? groupLocations : list<string>(check.locations),
    privateLocations: groupPrivate.length ? groupPrivate : list<string>(check.privateLocations),
  };
}

export function effectiveCheck(check: CheckSettings, group: GroupSettings | null): EffectiveCheck {
  const variables = mergeByKey(list<Variable>(group?.environmentVariables), list<Variable>(check.environmentVariables));
  const alertSettings =
    group && group.useGlobalAlertSettings === false
      ? group.alertSettings
      : check.useGlobalAlertSettings
        ? DEFAULT_ALERT_SETTINGS
        : check.alertSettings;
  return {
    activated: check.activated && (group?.activated ?? true),
    muted: check.muted || (group?.muted ?? false),
    ...effectiveLocations(check, group),
    runtimeId: group?.runtimeId ?? check.runtimeId,
    retryStrategy: effectiveRetryStrategy(check, group),
    alertSettings: alertSettings ?? DEFAULT_ALERT_SETTINGS,
    environmentVariables: variables,
    request:
      check.checkType === "API"
        ? withApiDefaults(check.request, group?.apiCheckDefaults)
        : ((check.request as Record<string, unknown> | null) ?? null),
  };
}

/** The group's API defaults under the check's request: {{GROUP_BASE_URL}}, headers, query parameters, assertions, basic auth. */
export function withApiDefaults(request: unknown, defaults: unknown): Record<string, unknown> | null {
  if (!request || typeof request !== "object") return null;
  const own = request as Record<string, unknown>;
  const base = (defaults ?? {}) as ApiDefaults;
  const url = typeof own.url === "string" ? own.url.replaceAll("{{GROUP_BASE_URL}}", base.url ?? "") : own.url;
  const basicAuth =
    own.basicAuth && (own.basicAuth as { username?: string }).username
      ? own.basicAuth
      : (base.basicAuth ?? own.basicAuth ?? null);
  return {
    ...own,
    url,
    headers: mergeByKey(list<KeyValue>(base.headers), list<KeyValue>(own.headers)),
    queryParameters: mergeByKey(list<KeyValue>(base.queryParameters), list<KeyValue>(own.queryParameters)),
    assertions: [...list(base.assertions), ...list(own.assertions)],
    basicAuth,
  };
}

/** `{{NAME}}` → the variable's value (unknown names stay as written, so a typo is visible in the result). */
export function interpolate(text: string, variables: readonly Variable[]): string {
  const values = new Map(variables.map((v) => [v.key, v.value ?? ""]));
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => values.get(name) ?? whole);
}
