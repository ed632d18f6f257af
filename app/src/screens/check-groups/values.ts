/** The settings a group gives its checks, as the form edits them. */
export type GroupValues = {
  name: string;
  tags: string;
  locations: string[];
  runtimeId: string;
  concurrency: string;
  activated: boolean;
  muted: boolean;
  useGlobalAlertSettings: boolean;
  apiBaseUrl: string;
  variables: { key: string; value: string }[];
};

export const LOCATIONS = [
  "EU_WEST_1",
  "EU_CENTRAL_1",
  "EU_NORTH_1",
  "US_EAST_1",
  "US_WEST_2",
  "AP_SOUTHEAST_1",
  "SA_EAST_1",
];
export const RUNTIMES = ["RUNTIME_2025_04", "RUNTIME_2024_09", "RUNTIME_2024_02"];

export const emptyGroup = (): GroupValues => ({
  name: "",
  tags: "",
  locations: [],
  runtimeId: "",
  concurrency: "3",
  activated: true,
  muted: false,
  useGlobalAlertSettings: true,
  apiBaseUrl: "",
  variables: [],
});

export type StoredGroup = {
  name: string;
  tags: readonly string[];
  locations: readonly string[];
  runtimeId?: string | null;
  concurrency: number;
  activated: boolean;
  muted: boolean;
  useGlobalAlertSettings?: boolean | null;
  apiCheckDefaults: { url?: string | null };
  environmentVariables?: readonly { key: string; value?: string | null; secret?: boolean | null }[] | null;
};

export const fromGroup = (g: StoredGroup): GroupValues => ({
  name: g.name,
  tags: g.tags.join(", "),
  locations: [...g.locations],
  runtimeId: g.runtimeId ?? "",
  concurrency: String(g.concurrency),
  activated: g.activated,
  muted: g.muted,
  useGlobalAlertSettings: g.useGlobalAlertSettings !== false,
  apiBaseUrl: g.apiCheckDefaults.url ?? "",
  variables: (g.environmentVariables ?? []).map((v) => ({ key: v.key, value: v.value ?? "" })),
});

/**
 * The API's CheckGroupInput. The API defaults and the variables go only when changed: a sent
 * object replaces the stored one (its headers and assertions, its secret values, read redacted).
 * A concurrency that does not parse goes as -1, for the API to refuse on its field.
 */
export function toInput(v: GroupValues, before?: GroupValues) {
  const concurrency = Number(v.concurrency);
  const variables = v.variables.filter((row) => row.key || row.value);
  const changed = (a: unknown, b: unknown) => !before || JSON.stringify(a) !== JSON.stringify(b);
  return {
    name: v.name,
    tags: v.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    locations: v.locations,
    runtimeId: v.runtimeId || null,
    concurrency: Number.isInteger(concurrency) ? concurrency : -1,
    activated: v.activated,
    muted: v.muted,
    useGlobalAlertSettings: v.useGlobalAlertSettings,
    ...(changed(v.apiBaseUrl, before?.apiBaseUrl) ? { apiCheckDefaults: { url: v.apiBaseUrl || null } } : {}),
    ...(changed(variables, before?.variables) ? { environmentVariables: variables } : {}),
  };
}

/** "environmentVariables.0.key" is the variables' field; "apiCheckDefaults.url" the base URL. */
export function fieldOf(path: string): string {
  const head = path.split(".")[0] ?? path;
  if (head === "apiCheckDefaults") return "apiBaseUrl";
  if (head === "environmentVariables") return "variables";
  return head;
}

/** What each inherited setting is called beside a check of the group. */
export const SETTING_LABELS: Record<string, string> = {
  LOCATIONS: "locations",
  PRIVATE_LOCATIONS: "private locations",
  RUNTIME: "runtime",
  RETRY_STRATEGY: "retry strategy",
  ALERT_SETTINGS: "alert settings",
  ENVIRONMENT_VARIABLES: "environment variables",
  API_DEFAULTS: "API defaults",
  PAUSED: "paused (the group is)",
  MUTED: "muted (the group is)",
};
