import { alertFieldOf, alertSettingsInput } from "../form/alertSettings";
import { pairsInput } from "../form/KeyValueList";
import { retryFieldOf, retryInput } from "../form/retryStrategy";
import type { GroupValues } from "./values";

const trimmed = (text: string) => (text.trim() ? text : null);

/**
 * The API's CheckGroupInput. On an edit the lists and nested objects go only when changed: a sent
 * one replaces the stored one. A secret variable left empty goes with value null, which the API
 * reads as "keep the stored value" (it is read back redacted, so it cannot be sent back).
 * A concurrency that does not parse goes as -1, for the API to refuse on its field.
 */
export function toInput(v: GroupValues, before?: GroupValues) {
  const concurrency = Number(v.concurrency);
  const changed = (pick: (values: GroupValues) => unknown) =>
    !before || JSON.stringify(pick(v)) !== JSON.stringify(pick(before));
  const apiDefaults = (g: GroupValues) => [
    g.apiBaseUrl,
    g.headers,
    g.queryParameters,
    g.assertions,
    g.basicAuthUser,
    g.basicAuthPassword,
  ];
  const when = <T>(pick: (values: GroupValues) => unknown, key: string, value: () => T) =>
    changed(pick) ? { [key]: value() } : {};
  return {
    name: v.name,
    tags: v.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    locations: v.locations,
    runtimeId: v.runtimeId || null,
    concurrency: Number.isInteger(concurrency) ? concurrency : -1,
    runParallel: v.runParallel,
    activated: v.activated,
    muted: v.muted,
    useGlobalAlertSettings: v.useGlobalAlertSettings,
    localSetupScript: trimmed(v.setupScript),
    localTearDownScript: trimmed(v.tearDownScript),
    browserCheckDefaults: trimmed(v.browserCheckDefaults),
    ...when(
      (g) => g.privateLocations,
      "privateLocations",
      () => v.privateLocations,
    ),
    ...when(
      (g) => g.retry,
      "retryStrategy",
      () => retryInput(v.retry),
    ),
    ...when(
      (g) => g.alert,
      "alertSettings",
      () => alertSettingsInput(v.alert, true),
    ),
    ...when(
      (g) => g.channels,
      "alertChannelSubscriptions",
      () => v.channels,
    ),
    ...when(apiDefaults, "apiCheckDefaults", () => ({
      url: v.apiBaseUrl || null,
      headers: pairsInput(v.headers, false),
      queryParameters: pairsInput(v.queryParameters, false),
      assertions: v.assertions,
      basicAuth:
        v.basicAuthUser || v.basicAuthPassword ? { username: v.basicAuthUser, password: v.basicAuthPassword } : null,
    })),
    ...when(
      (g) => g.variables,
      "environmentVariables",
      () => pairsInput(v.variables).map(({ key, value, locked }) => ({ key, value, secret: locked })),
    ),
  };
}

/** Where a ValidationError's path shows: the id of the field that edits it, else the form's top. */
export function fieldOf(path: string): string {
  const [head = "", part = ""] = path.split(".");
  if (head === "apiCheckDefaults") return part === "url" ? "apiBaseUrl" : part || "apiBaseUrl";
  if (head === "environmentVariables") return "variables";
  if (head === "alertChannelSubscriptions") return "channels";
  if (head === "retryStrategy") return retryFieldOf(path);
  if (head === "alertSettings") return alertFieldOf(path) ?? "form";
  const direct = ["name", "tags", "locations", "privateLocations", "runtimeId", "concurrency"];
  const scripts: Record<string, string> = {
    localSetupScript: "setupScript",
    localTearDownScript: "tearDownScript",
    browserCheckDefaults: "browserCheckDefaults",
  };
  return direct.includes(head) ? head : (scripts[head] ?? "form");
}
