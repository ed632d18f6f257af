import type { FormEvent } from "react";
import type { PagePicker_query$key } from "../../__generated__/PagePicker_query.graphql";
import { FormError } from "../../ui/FormError";
import { useFormValues } from "../../ui/useFormValues";
import { Field } from "../form/Field";
import { PagesSection } from "./PagesSection";
import { TargetFields } from "./TargetFields";
import { type Repeat, type StoredWindow, toInput, type WindowValues } from "./values";
import { zoneChoices } from "./zones";

const REPEATS: [Repeat, string][] = [
  ["NONE", "Once (no repetition)"],
  ["DAY", "Every n days"],
  ["WEEK", "Every n weeks"],
  ["MONTH", "Every n months"],
];

export type SaveWindow = (
  input: ReturnType<typeof toInput>,
  showErrors: (errors: Record<string, string>) => void,
) => void;

/** A maintenance window's fields (create and edit): times are wall times in the chosen zone. */
export function WindowForm({
  initial,
  stored,
  pages,
  action,
  saving,
  onSave,
}: {
  initial: WindowValues;
  /** An edit's stored window: what the form does not show goes back unchanged. */
  stored?: StoredWindow;
  pages: PagePicker_query$key;
  action: string;
  saving: boolean;
  onSave: SaveWindow;
}) {
  const { values, set, errors, setErrors } = useFormValues(initial);
  const text = (key: keyof WindowValues) => (props: object) => (
    <input {...props} value={values[key] as string} onChange={(event) => set({ [key]: event.target.value })} />
  );
  const time = (key: "startsAt" | "endsAt" | "repeatEndsAt") => (props: object) => (
    <input
      {...props}
      type="datetime-local"
      value={values[key]}
      onChange={(event) => set({ [key]: event.target.value })}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    onSave(toInput(values, stored), setErrors);
  };
  const zoneHint = `Start and end are read in ${values.timezone}`;
  return (
    <form className="form panel" onSubmit={submit} noValidate>
      <FormError text={errors.form} />
      <Field id="name" label="Name" error={errors.name}>
        {text("name")}
      </Field>
      <Field id="timezone" label="Time zone" error={errors.timezone}>
        {(props) => (
          <select {...props} value={values.timezone} onChange={(event) => set({ timezone: event.target.value })}>
            {zoneChoices(values.timezone).map((zone) => (
              <option key={zone}>{zone}</option>
            ))}
          </select>
        )}
      </Field>
      <Field id="startsAt" label="Starts" hint={zoneHint} error={errors.startsAt}>
        {time("startsAt")}
      </Field>
      <Field id="endsAt" label="Ends" hint={zoneHint} error={errors.endsAt}>
        {time("endsAt")}
      </Field>
      <Field id="repeat" label="Repeats" error={errors.repeat}>
        {(props) => (
          <select {...props} value={values.repeat} onChange={(event) => set({ repeat: event.target.value as Repeat })}>
            {REPEATS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.repeat === "NONE" ? null : (
        <>
          <Field id="repeatInterval" label="Every (n)" error={errors.repeatInterval}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={values.repeatInterval}
                onChange={(event) => set({ repeatInterval: event.target.value })}
              />
            )}
          </Field>
          <Field id="repeatEndsAt" label="Repeats until (optional)" hint={zoneHint} error={errors.repeatEndsAt}>
            {time("repeatEndsAt")}
          </Field>
        </>
      )}
      <TargetFields values={values} set={set} error={errors.tags} />
      <PagesSection query={pages} values={values} set={set} errors={errors} />
      <Field id="description" label="Description (optional)" error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            rows={3}
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? "Saving…" : action}
        </button>
      </div>
    </form>
  );
}
