import type { AlertType } from "../alert-rules/decide.js";

/**
 * The variables of a notification (docs/decisions.md, Alerting): what webhook templates, the
 * default bodies of every provider and emails are made of. Pure: built from plain data the queue
 * stored with the notification.
 */

export type AlertVariablesInput = {
  alertType: AlertType;
  check: { id: string; name: string; checkType: string; description?: string | null; tags?: readonly string[] };
  group?: { name: string } | null;
  /** The result that caused the alert; null for a reminder or an alert raised by a tick. */
  result?: {
    id: string;
    runLocation?: string | null;
    responseTime?: number | null;
    errorMessage?: string | null;
    statusCode?: number | null;
    statusText?: string | null;
    startedAt?: Date | null;
  } | null;
  /** The service's public URL (no trailing slash needed): links point into its API. */
  baseUrl: string;
  /** 1, 2, ... for `*_REMAIN` reminders; 0 or omitted otherwise. */
  reminder?: number;
};

export type AlertVariables = {
  ALERT_TITLE: string;
  ALERT_TYPE: AlertType;
  CHECK_NAME: string;
  CHECK_ID: string;
  CHECK_TYPE: string;
  CHECK_RESULT_ID: string;
  CHECK_ERROR_MESSAGE: string;
  CHECK_DESCRIPTION: string;
  GROUP_NAME: string;
  RUN_LOCATION: string;
  /** ms; null when the alert has no result. */
  RESPONSE_TIME: number | null;
  API_CHECK_RESPONSE_STATUS_CODE: number | null;
  API_CHECK_RESPONSE_STATUS_TEXT: string;
  /** ISO 8601. */
  STARTED_AT: string;
  TAGS: string[];
  RESULT_LINK: string;
  IS_REMINDER: boolean;
  REMINDER_SEQUENCE: number;
};

export const VARIABLE_NAMES = [
  "ALERT_TITLE",
  "ALERT_TYPE",
  "CHECK_NAME",
  "CHECK_ID",
  "CHECK_TYPE",
  "CHECK_RESULT_ID",
  "CHECK_ERROR_MESSAGE",
  "CHECK_DESCRIPTION",
  "GROUP_NAME",
  "RUN_LOCATION",
  "RESPONSE_TIME",
  "API_CHECK_RESPONSE_STATUS_CODE",
  "API_CHECK_RESPONSE_STATUS_TEXT",
  "STARTED_AT",
  "TAGS",
  "RESULT_LINK",
  "IS_REMINDER",
  "REMINDER_SEQUENCE",
] as const satisfies readonly (keyof AlertVariables)[];

/** What an alert says about the check: the channel filters (sendFailure, ...) and providers act on it. */
export type AlertKind = "FAILURE" | "DEGRADED" | "RECOVERY";
const KIND_OF: Record<AlertType, AlertKind> = {
  ALERT_FAILURE: "FAILURE",
  ALERT_FAILURE_REMAIN: "FAILURE",
  ALERT_DEGRADED_FAILURE: "FAILURE",
  ALERT_DEGRADED: "DEGRADED",
  ALERT_DEGRADED_REMAIN: "DEGRADED",
  ALERT_FAILURE_DEGRADED: "DEGRADED",
  ALERT_RECOVERY: "RECOVERY",
  ALERT_DEGRADED_RECOVERY: "RECOVERY",
  // A flapping check is a problem to look at: channels taking failures receive it.
  ALERT_FLAPPING: "FAILURE",
};
export function alertKind(type: AlertType): AlertKind {
  return KIND_OF[type];
}

/** Whether a channel with these filters receives an alert of `type`. */
export function channelReceives(
  channel: { sendFailure: boolean; sendDegraded: boolean; sendRecovery: boolean },
  type: AlertType,
): boolean {
  const kind = alertKind(type);
  return kind === "FAILURE" ? channel.sendFailure : kind === "DEGRADED" ? channel.sendDegraded : channel.sendRecovery;
}

const TITLES: Record<AlertType, (name: string) => string> = {
  ALERT_FAILURE: (name) => `${name} is failing`,
  ALERT_FAILURE_REMAIN: (name) => `${name} is still failing`,
  ALERT_FAILURE_DEGRADED: (name) => `${name} is degraded and no longer failing`,
  ALERT_RECOVERY: (name) => `${name} has recovered`,
  ALERT_DEGRADED: (name) => `${name} is degraded`,
  ALERT_DEGRADED_REMAIN: (name) => `${name} is still degraded`,
  ALERT_DEGRADED_FAILURE: (name) => `${name} was degraded and is now failing`,
  ALERT_DEGRADED_RECOVERY: (name) => `${name} is no longer degraded`,
  ALERT_FLAPPING: (name) => `${name} is flapping`,
};

export function alertTitle(type: AlertType, checkName: string): string {
  return TITLES[type](checkName);
}

export function alertVariables(input: AlertVariablesInput): AlertVariables {
  const { check, result } = input;
  const base = input.baseUrl.replace(/\/+$/, "");
  const checkId = encodeURIComponent(check.id);
  const reminder = input.reminder ?? 0;
  return {
    ALERT_TITLE: alertTitle(input.alertType, check.name),
    ALERT_TYPE: input.alertType,
    CHECK_NAME: check.name,
    CHECK_ID: check.id,
    CHECK_TYPE: check.checkType,
    CHECK_RESULT_ID: result?.id ?? "",
    CHECK_ERROR_MESSAGE: result?.errorMessage ?? "",
    CHECK_DESCRIPTION: check.description ?? "",
    GROUP_NAME: input.group?.name ?? "",
    RUN_LOCATION: result?.runLocation ?? "",
    RESPONSE_TIME: result?.responseTime ?? null,
    API_CHECK_RESPONSE_STATUS_CODE: result?.statusCode ?? null,
    API_CHECK_RESPONSE_STATUS_TEXT: result?.statusText ?? "",
    STARTED_AT: result?.startedAt?.toISOString() ?? "",
    TAGS: [...(check.tags ?? [])],
    RESULT_LINK: result
      ? `${base}/v1/check-results/${checkId}/${encodeURIComponent(result.id)}`
      : `${base}/v1/checks/${checkId}`,
    IS_REMINDER: reminder > 0,
    REMINDER_SEQUENCE: reminder,
  };
}
