// The check's settings beside its request, each sent (by input.ts) only when changed. No JSX here,
// and ".js" endings: the API's integration tests import it.
import { alertSettingsInput } from "./alertSettings.js";
import { incidentInput } from "./incident.js";
import { retryInput } from "./retryStrategy.js";
import { pairsInput } from "./rows.js";
import { type FormValues, TAKES } from "./values.js";

/** A number field as the API wants it: an integer, or the text itself so that the API names the error. */
export const integer = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

type Setting = {
  /** The input's property. */
  key: string;
  /** What the form holds of it: compared with the form's start to tell a change. */
  of: (v: FormValues) => unknown;
  /** The value sent (else `of`'s). */
  send?: (v: FormValues) => unknown;
  /** Whether the check's type (or the form's state) takes it at all. */
  takes?: (v: FormValues) => boolean;
};

/** A decimal field as the API wants it: a number, or the text itself so that the API names the error. */
const decimal = (text: string): number | string => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text);

const packetLoss = (key: "degradedPacketLossThreshold" | "maxPacketLossThreshold"): Setting => {
  const field = key === "degradedPacketLossThreshold" ? "degradedPacketLoss" : "maxPacketLoss";
  return {
    key,
    of: (v) => v[field],
    // Emptied: no threshold (null); never set on a new check: nothing sent.
    send: (v) => (v[field].trim() === "" ? null : decimal(v[field])),
    takes: (v) => v.kind === "ICMP",
  };
};

const ms = (key: "degradedResponseTime" | "maxResponseTime"): Setting => ({
  key,
  of: (v) => v[key],
  send: (v) => integer(v[key]),
  // Empty: the type's default, which a new check gets by sending nothing.
  takes: (v) => TAKES.responseTimes(v.kind) && v[key].trim() !== "",
});

export const SETTINGS: Setting[] = [
  { key: "description", of: (v) => v.description, send: (v) => v.description || null },
  { key: "muted", of: (v) => v.muted },
  { key: "shouldFail", of: (v) => v.shouldFail },
  { key: "runParallel", of: (v) => v.runParallel },
  { key: "useGlobalAlertSettings", of: (v) => v.useGlobalAlertSettings },
  {
    key: "alertSettings",
    of: (v) => [v.alert, v.useGlobalAlertSettings],
    send: (v) => alertSettingsInput(v.alert, v.kind === "SSL"),
    takes: (v) => !v.useGlobalAlertSettings,
  },
  { key: "groupId", of: (v) => v.groupId, send: (v) => v.groupId || null },
  { key: "alertChannelSubscriptions", of: (v) => v.channels },
  { key: "triggerIncident", of: (v) => v.incident, send: (v) => incidentInput(v.incident) },
  { key: "privateLocations", of: (v) => v.privateLocations, takes: (v) => TAKES.privateLocations(v.kind) },
  { key: "retryStrategy", of: (v) => v.retry, send: (v) => retryInput(v.retry), takes: (v) => TAKES.retry(v.kind) },
  ms("degradedResponseTime"),
  ms("maxResponseTime"),
  packetLoss("degradedPacketLossThreshold"),
  packetLoss("maxPacketLossThreshold"),
  {
    key: "localSetupScript",
    of: (v) => v.setupScript,
    send: (v) => v.setupScript || null,
    takes: (v) => TAKES.scripts(v.kind),
  },
  {
    key: "localTearDownScript",
    of: (v) => v.tearDownScript,
    send: (v) => v.tearDownScript || null,
    takes: (v) => TAKES.scripts(v.kind),
  },
  {
    key: "environmentVariables",
    of: (v) => v.variables,
    send: (v) => pairsInput(v.variables).map(({ key, value, locked }) => ({ key, value, secret: locked })),
    takes: (v) => TAKES.variables(v.kind),
  },
];
