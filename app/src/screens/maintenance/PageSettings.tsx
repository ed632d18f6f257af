import { Field } from "../form/Field";
import type { PageOptions as Options, Severity } from "./pageOptions";

const SEVERITIES: [Severity, string][] = [
  ["", "None"],
  ["MINOR", "Minor"],
  ["MEDIUM", "Medium"],
  ["MAJOR", "Major"],
  ["CRITICAL", "Critical"],
];
/** Reminders a person picks from; a stored one of another length is offered too. */
const REMINDERS = [60, 180, 720, 1440, 2880, 10080];
const reminderLabel = (minutes: number) =>
  minutes % 1440 === 0
    ? `${minutes / 1440} day${minutes === 1440 ? "" : "s"} before`
    : minutes % 60 === 0
      ? `${minutes / 60} hour${minutes === 60 ? "" : "s"} before`
      : `${minutes} minutes before`;

const SWITCHES: [
  keyof Options & ("autoStart" | "autoEnd" | "showAffectedServices" | "suppressAutoIncidents"),
  string,
][] = [
  ["autoStart", "Start it on the pages at its start time"],
  ["autoEnd", "Complete it on the pages at its end time"],
  ["showAffectedServices", "Show which services it affects (its time then counts as planned, not as downtime)"],
  ["suppressAutoIncidents", "Open no automatic incident for these services while it runs"],
];

function ErrorOf({ id, error }: { id: string; error?: string }) {
  return error ? (
    <small id={`${id}-error`} className="field-error" data-testid={`error-${id}`}>
      {error}
    </small>
  ) : null;
}

/** A window's options on its status pages: severity, reminders to subscribers, starting and ending there. */
export function PageSettings({
  values,
  set,
  errors,
}: {
  values: Options;
  set: (change: Partial<Options>) => void;
  errors: Record<string, string>;
}) {
  const reminders = [...new Set([...REMINDERS, ...values.reminderMinutesBefore])].sort((a, b) => a - b);
  const switchError = SWITCHES.map(([key]) => errors[key]).find(Boolean);
  return (
    <>
      <Field id="severity" label="Severity on the pages" error={errors.severity}>
        {(props) => (
          <select
            {...props}
            value={values.severity}
            onChange={(event) => set({ severity: event.target.value as Severity })}
          >
            {SEVERITIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset aria-describedby={errors.reminderMinutesBefore ? "reminderMinutesBefore-error" : "reminders-hint"}>
        <legend>Remind the pages' subscribers</legend>
        <small id="reminders-hint" className="muted">
          Up to 3 reminders before each occurrence starts.
        </small>
        {reminders.map((minutes) => (
          <label key={minutes} className="inline">
            <input
              type="checkbox"
              checked={values.reminderMinutesBefore.includes(minutes)}
              onChange={(event) =>
                set({
                  reminderMinutesBefore: event.target.checked
                    ? [...values.reminderMinutesBefore, minutes].sort((a, b) => a - b)
                    : values.reminderMinutesBefore.filter((m) => m !== minutes),
                })
              }
            />{" "}
            {reminderLabel(minutes)}
          </label>
        ))}
        <ErrorOf id="reminderMinutesBefore" error={errors.reminderMinutesBefore} />
      </fieldset>
      <fieldset aria-describedby={switchError ? "pageSwitches-error" : undefined}>
        <legend>On the pages</legend>
        {SWITCHES.map(([key, label]) => (
          <label key={key} className="inline">
            <input type="checkbox" checked={values[key]} onChange={(event) => set({ [key]: event.target.checked })} />{" "}
            {label}
          </label>
        ))}
        <ErrorOf id="pageSwitches" error={switchError} />
      </fieldset>
    </>
  );
}
