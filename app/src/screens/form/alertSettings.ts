// Alert settings as a form edits them (escalation, reminders, parallel-run threshold, SSL), for
// the account's settings and a group's own alike, and the AlertSettingsInput made from them.

export type AlertValues = {
  escalationType: "RUN_BASED" | "TIME_BASED";
  failedRunThreshold: string;
  minutesFailingThreshold: string;
  amount: string;
  interval: string;
  enabled: boolean;
  percentage: string;
  sslEnabled: boolean;
  sslThreshold: string;
};

/** AlertSettings as GraphQL reads it (every part nullable). */
export type StoredAlertSettings =
  | {
      readonly escalationType?: string | null;
      readonly runBasedEscalation?: { readonly failedRunThreshold: number } | null;
      readonly timeBasedEscalation?: { readonly minutesFailingThreshold: number } | null;
      readonly reminders?: { readonly amount: number; readonly interval: number } | null;
      readonly parallelRunFailureThreshold?: { readonly enabled: boolean; readonly percentage: number } | null;
      readonly sslCertificates?: { readonly enabled?: boolean | null; readonly alertThreshold?: number | null } | null;
    }
  | null
  | undefined;

export function alertValuesOf(stored: StoredAlertSettings): AlertValues {
  return {
    escalationType: stored?.escalationType === "TIME_BASED" ? "TIME_BASED" : "RUN_BASED",
    failedRunThreshold: String(stored?.runBasedEscalation?.failedRunThreshold ?? 1),
    minutesFailingThreshold: String(stored?.timeBasedEscalation?.minutesFailingThreshold ?? 5),
    amount: String(stored?.reminders?.amount ?? 0),
    interval: String(stored?.reminders?.interval ?? 5),
    enabled: stored?.parallelRunFailureThreshold?.enabled ?? false,
    percentage: String(stored?.parallelRunFailureThreshold?.percentage ?? 10),
    sslEnabled: stored?.sslCertificates?.enabled ?? false,
    sslThreshold: String(stored?.sslCertificates?.alertThreshold ?? 30),
  };
}

/** A whole number, or -1 for text that is none: the API refuses it on its field rather than GraphQL on the document. */
export const wholeNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : -1);

/** The AlertSettingsInput; with `ssl` the SSL part is the form's too (else the caller adds it). */
export function alertSettingsInput(form: AlertValues, ssl: boolean) {
  const runBased = form.escalationType === "RUN_BASED";
  return {
    escalationType: form.escalationType,
    ...(runBased
      ? { runBasedEscalation: { failedRunThreshold: wholeNumber(form.failedRunThreshold) } }
      : { timeBasedEscalation: { minutesFailingThreshold: wholeNumber(form.minutesFailingThreshold) } }),
    reminders: { amount: wholeNumber(form.amount), interval: wholeNumber(form.interval) },
    parallelRunFailureThreshold: { enabled: form.enabled, percentage: wholeNumber(form.percentage) },
    ...(ssl ? { sslCertificates: { enabled: form.sslEnabled, alertThreshold: wholeNumber(form.sslThreshold) } } : {}),
  };
}

/** A ValidationError's path inside the settings ("alertSettings.reminders.amount") as its field's id. */
export function alertFieldOf(path: string): keyof AlertValues | undefined {
  const last = path.split(".").at(-1) ?? "";
  if (last === "alertThreshold") return "sslThreshold";
  const ids = ["failedRunThreshold", "minutesFailingThreshold", "amount", "interval", "percentage"] as const;
  return ids.find((id) => id === last);
}
