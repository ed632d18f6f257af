import { channelTarget } from "../alerting/ChannelRow";
import { alertValuesOf } from "../form/alertSettings";
import type { StoredGroup } from "./values";

type Detail = Omit<StoredGroup, "alertChannelSubscriptions"> & {
  alertChannelSubscriptions: readonly {
    activated: boolean;
    alertChannel?: { readonly type: string; readonly config: unknown } | null;
  }[];
};

const where = (locations: readonly string[]) => locations.map((l) => l.toLowerCase().replace(/_/g, "-")).join(", ");
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

function retries(group: Detail): string {
  const s = group.retryStrategy;
  if (!s) return "none";
  const tries = s.type === "SINGLE_RETRY" ? "once" : `up to ${s.maxRetries ?? 2} times`;
  return `${s.type.toLowerCase().replace("_", " ")}: ${tries}, first after ${s.baseBackoffSeconds ?? 60} s`;
}

function alerting(group: Detail): string {
  if (group.useGlobalAlertSettings !== false) return "each check's (or the account's)";
  const a = alertValuesOf(group.alertSettings);
  const after =
    a.escalationType === "RUN_BASED"
      ? count(Number(a.failedRunThreshold), "failed run")
      : `${a.minutesFailingThreshold} minutes failing`;
  return `the group's own: after ${after}, ${count(Number(a.amount), "reminder")}`;
}

function apiDefaults(group: Detail): string {
  const d = group.apiCheckDefaults;
  const parts = [
    d.url ? `base URL ${d.url}` : "",
    d.headers?.length ? count(d.headers.length, "header") : "",
    d.queryParameters?.length ? count(d.queryParameters.length, "query parameter") : "",
    d.assertions?.length ? count(d.assertions.length, "assertion") : "",
    d.basicAuth?.username ? "basic auth" : "",
  ].filter(Boolean);
  return parts.join(", ") || "none";
}

/** The group's settings in words, as its detail screen lists them. */
export function settingsOf(group: Detail): [string, string][] {
  const variables = group.environmentVariables ?? [];
  const channels = group.alertChannelSubscriptions.map(
    (s) =>
      `${s.alertChannel ? channelTarget(s.alertChannel.config as never) || s.alertChannel.type.toLowerCase() : "?"}${s.activated ? "" : " (paused)"}`,
  );
  const scripts = [group.localSetupScript ? "setup" : "", group.localTearDownScript ? "teardown" : ""].filter(Boolean);
  return [
    ["Locations", group.locations.length ? where(group.locations) : "each check's own"],
    ["Private locations", group.privateLocations?.join(", ") || "none"],
    ["Runtime", group.runtimeId ?? "each check's own"],
    ["Retries", retries(group)],
    ["API defaults", apiDefaults(group)],
    [
      "Environment variables",
      variables.length ? variables.map((v) => (v.secret ? `${v.key} (secret)` : v.key)).join(", ") : "none",
    ],
    ["Scripts", scripts.length ? scripts.join(" and ") : "none"],
    ["Alert settings", alerting(group)],
    ["Alert channels", channels.join(", ") || "none"],
    ["State", `${group.activated ? "active" : "paused"}${group.muted ? ", muted" : ""}`],
    ["Runs at once when triggered", `${group.concurrency}${group.runParallel ? ", each from all its locations" : ""}`],
    ["Tags", group.tags.join(", ") || "none"],
  ];
}
