import { type AlertValues, alertValuesOf, type StoredAlertSettings } from "../form/alertSettings";
import type { AssertionRow } from "../form/AssertionList";
import type { Pair } from "../form/KeyValueList";
import { type RetryValues, retryValuesOf, type StoredRetryStrategy } from "../form/retryStrategy";

/** The settings a group gives its checks, as the form edits them. */
export type GroupValues = {
  name: string;
  tags: string;
  locations: string[];
  /** Slug names of the account's private locations. */
  privateLocations: string[];
  runtimeId: string;
  concurrency: string;
  runParallel: boolean;
  activated: boolean;
  muted: boolean;
  retry: RetryValues;
  useGlobalAlertSettings: boolean;
  alert: AlertValues;
  channels: { alertChannelId: number; activated: boolean }[];
  apiBaseUrl: string;
  headers: Pair[];
  queryParameters: Pair[];
  assertions: AssertionRow[];
  basicAuthUser: string;
  basicAuthPassword: string;
  /** `locked` is the variable's `secret`: its value is write-only. */
  variables: Pair[];
  setupScript: string;
  tearDownScript: string;
  browserCheckDefaults: string;
};

export const RUNTIMES = ["RUNTIME_2025_04", "RUNTIME_2024_09", "RUNTIME_2024_02"];

type StoredPair = { readonly key: string; readonly value?: string | null; readonly locked?: boolean | null };
type StoredAssertion = Omit<AssertionRow, "regex"> & { readonly regex?: string | null };

export type StoredGroup = {
  name: string;
  tags: readonly string[];
  locations: readonly string[];
  privateLocations?: readonly string[] | null;
  runtimeId?: string | null;
  concurrency: number;
  runParallel?: boolean | null;
  activated: boolean;
  muted: boolean;
  retryStrategy?: StoredRetryStrategy;
  useGlobalAlertSettings?: boolean | null;
  alertSettings?: StoredAlertSettings;
  alertChannelSubscriptions?: readonly { alertChannelId: number; activated: boolean }[];
  apiCheckDefaults: {
    url?: string | null;
    headers?: readonly StoredPair[];
    queryParameters?: readonly StoredPair[];
    assertions?: readonly StoredAssertion[];
    basicAuth?: { readonly username: string; readonly password: string } | null;
  };
  environmentVariables?: readonly { key: string; value?: string | null; secret?: boolean | null }[] | null;
  localSetupScript?: string | null;
  localTearDownScript?: string | null;
  browserCheckDefaults?: string | null;
};

export const emptyGroup = (): GroupValues =>
  fromGroup({
    name: "",
    tags: [],
    locations: [],
    concurrency: 3,
    activated: true,
    muted: false,
    apiCheckDefaults: {},
  });

const pairs = (list?: readonly StoredPair[]): Pair[] =>
  (list ?? []).map((p) => ({ key: p.key, value: p.value ?? "", locked: p.locked ?? false }));

export const fromGroup = (g: StoredGroup): GroupValues => ({
  name: g.name,
  tags: g.tags.join(", "),
  locations: [...g.locations],
  privateLocations: [...(g.privateLocations ?? [])],
  runtimeId: g.runtimeId ?? "",
  concurrency: String(g.concurrency),
  runParallel: g.runParallel ?? false,
  activated: g.activated,
  muted: g.muted,
  retry: retryValuesOf(g.retryStrategy),
  useGlobalAlertSettings: g.useGlobalAlertSettings !== false,
  alert: alertValuesOf(g.alertSettings),
  channels: (g.alertChannelSubscriptions ?? []).map((s) => ({
    alertChannelId: s.alertChannelId,
    activated: s.activated,
  })),
  apiBaseUrl: g.apiCheckDefaults.url ?? "",
  headers: pairs(g.apiCheckDefaults.headers),
  queryParameters: pairs(g.apiCheckDefaults.queryParameters),
  assertions: (g.apiCheckDefaults.assertions ?? []).map((a) => ({ ...a, regex: a.regex ?? null })),
  basicAuthUser: g.apiCheckDefaults.basicAuth?.username ?? "",
  basicAuthPassword: g.apiCheckDefaults.basicAuth?.password ?? "",
  // A secret's value reads back null: the row shows empty, and sent empty keeps the stored value.
  variables: (g.environmentVariables ?? []).map((v) => ({
    key: v.key,
    value: v.value ?? "",
    locked: v.secret ?? false,
  })),
  setupScript: g.localSetupScript ?? "",
  tearDownScript: g.localTearDownScript ?? "",
  browserCheckDefaults: g.browserCheckDefaults ?? "",
});

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

/** What each section of the group form gets. */
export type SectionProps = {
  values: GroupValues;
  set: (change: Partial<GroupValues>) => void;
  errors: Record<string, string>;
};
