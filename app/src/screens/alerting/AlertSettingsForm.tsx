import { type FormEvent, useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { AlertSettingsForm_settings$key } from "../../__generated__/AlertSettingsForm_settings.graphql";
import type { AlertSettingsFormMutation } from "../../__generated__/AlertSettingsFormMutation.graphql";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { useFormValues } from "../../ui/useFormValues";
import { Field } from "../form/Field";

const fragment = graphql`
  fragment AlertSettingsForm_settings on AlertSettings {
    escalationType
    runBasedEscalation {
      failedRunThreshold
    }
    timeBasedEscalation {
      minutesFailingThreshold
    }
    reminders {
      amount
      interval
    }
    parallelRunFailureThreshold {
      enabled
      percentage
    }
    sslCertificates {
      enabled
      alertThreshold
    }
  }
`;

const save = graphql`
  mutation AlertSettingsFormMutation($input: AlertSettingsInput!) {
    result: updateAlertSettings(input: $input) {
      __typename
      ... on UpdateAlertSettingsSuccess {
        data {
          ...AlertSettingsForm_settings
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fieldPaths
      }
    }
  }
`;

const MINUTES = [5, 10, 15, 30];
const INTERVALS = [1, 2, 3, 4, 5, 10, 15, 30];

/** Escalation (after N failed runs, or N minutes failing), reminders, and the parallel-run threshold. */
export function AlertSettingsForm({ settings }: { settings: AlertSettingsForm_settings$key }) {
  const stored = useFragment(fragment, settings);
  const {
    values: form,
    set,
    errors,
    setErrors,
  } = useFormValues({
    escalationType: stored.escalationType ?? "RUN_BASED",
    failedRunThreshold: String(stored.runBasedEscalation?.failedRunThreshold ?? 1),
    minutesFailingThreshold: String(stored.timeBasedEscalation?.minutesFailingThreshold ?? 5),
    amount: String(stored.reminders?.amount ?? 0),
    interval: String(stored.reminders?.interval ?? 5),
    enabled: stored.parallelRunFailureThreshold?.enabled ?? false,
    percentage: String(stored.parallelRunFailureThreshold?.percentage ?? 10),
  });
  const [message, setMessage] = useState("");
  const [commit, saving] = useMutation<AlertSettingsFormMutation>(save);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage("");
    const runBased = form.escalationType === "RUN_BASED";
    const input = {
      escalationType: form.escalationType,
      ...(runBased
        ? { runBasedEscalation: { failedRunThreshold: Number(form.failedRunThreshold) } }
        : { timeBasedEscalation: { minutesFailingThreshold: Number(form.minutesFailingThreshold) } }),
      reminders: { amount: Number(form.amount), interval: Number(form.interval) },
      parallelRunFailureThreshold: { enabled: form.enabled, percentage: Number(form.percentage) },
      // The mutation replaces the whole: the SSL part, edited with SSL checks, is sent back as stored.
      ...(stored.sslCertificates ? { sslCertificates: stored.sslCertificates } : {}),
    };
    commit({
      variables: { input },
      onCompleted: ({ result }) => {
        if (result.data) return setMessage("Saved.");
        setErrors(fieldErrors(result as never, (path) => path.split(".").pop() ?? path, "Not saved."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  const number = (id: keyof typeof form, label: string, hint: string) => (
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
  const choice = (id: keyof typeof form, label: string, options: number[], unit: string) => (
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
    <form className="form panel" onSubmit={submit} noValidate aria-label="Alert settings">
      <FormError text={errors.form} />
      <p role="status" className="muted">
        {message}
      </p>
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
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          Save the settings
        </button>
      </div>
    </form>
  );
}
