import { Field } from "./Field";
import type { AlertValues } from "./alertSettings";

const MINUTES = [5, 10, 15, 30];
const INTERVALS = [1, 2, 3, 4, 5, 10, 15, 30];

/**
 * Escalation (after N failed runs, or N minutes failing), reminders, the parallel-run threshold
 * and, with `ssl`, the certificate alert: the account's settings and a group's own.
 */
export function AlertSettingsFields({
  form,
  set,
  errors,
  ssl = false,
}: {
  form: AlertValues;
  set: (change: Partial<AlertValues>) => void;
  errors: Record<string, string>;
  ssl?: boolean;
}) {
  const number = (id: keyof AlertValues, label: string, hint: string) => (
    <Field id={id} label={label} hint={hint} error={errors[id]}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          value={String(form[id])}
          onChange={(e) => set({ [id]: e.target.value })}
        />
      )}
    </Field>
  );
  const choice = (id: keyof AlertValues, label: string, options: number[], unit: string) => (
    <Field id={id} label={label} error={errors[id]}>
      {(props) => (
        <select {...props} value={String(form[id])} onChange={(e) => set({ [id]: e.target.value })}>
          {options.map((value) => (
            <option key={value} value={value}>
              {value} {unit}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <>
      <fieldset>
        <legend>Escalation: alert when a check has been failing…</legend>
        {(["RUN_BASED", "TIME_BASED"] as const).map((type) => (
          <label key={type} className="inline">
            <input
              type="radio"
              name="escalationType"
              checked={form.escalationType === type}
              onChange={() => set({ escalationType: type })}
            />{" "}
            {type === "RUN_BASED" ? "for a number of runs" : "for a number of minutes"}
          </label>
        ))}
        {form.escalationType === "RUN_BASED"
          ? number("failedRunThreshold", "Failed runs", "1 to 5")
          : choice("minutesFailingThreshold", "Minutes failing", MINUTES, "minutes")}
      </fieldset>
      <fieldset>
        <legend>Reminders while it keeps failing</legend>
        {number("amount", "Reminders", "0 (none) to 5")}
        {choice("interval", "Between reminders", INTERVALS, "minutes")}
      </fieldset>
      <fieldset>
        <legend>Checks running in several locations at once</legend>
        <label className="inline">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Alert
          only when enough locations fail
        </label>
        {number("percentage", "Locations failing (%)", "10 to 100, by tens")}
      </fieldset>
      {ssl ? (
        <fieldset>
          <legend>Certificates of the checks' sites</legend>
          <label className="inline">
            <input type="checkbox" checked={form.sslEnabled} onChange={(e) => set({ sslEnabled: e.target.checked })} />{" "}
            Alert before a certificate expires
          </label>
          {number("sslThreshold", "Days before expiry", "Alert this many days ahead")}
        </fieldset>
      ) : null}
    </>
  );
}

type Alerting = { useGlobalAlertSettings: boolean; alert: AlertValues };

/** Whether the account's alert settings apply or the form's own (then shown): a check's, a group's. */
export function OwnAlertSettings<T extends Alerting>({
  label,
  values,
  set,
  errors,
  ssl,
}: {
  label: string;
  values: T;
  set: (change: Partial<Alerting>) => void;
  errors: Record<string, string>;
  ssl: boolean;
}) {
  return (
    <>
      <label className="inline">
        <input
          type="checkbox"
          checked={!values.useGlobalAlertSettings}
          onChange={(event) => set({ useGlobalAlertSettings: !event.target.checked })}
        />{" "}
        {label}
      </label>
      {values.useGlobalAlertSettings ? null : (
        <AlertSettingsFields
          form={values.alert}
          set={(change) => set({ alert: { ...values.alert, ...change } })}
          errors={errors}
          ssl={ssl}
        />
      )}
    </>
  );
}
