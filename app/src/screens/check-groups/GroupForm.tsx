import type { FormEvent } from "react";
import { FormError } from "../../ui/FormError";
import { useFormValues } from "../../ui/useFormValues";
import { Field } from "../form/Field";
import { type GroupValues, LOCATIONS, RUNTIMES, toInput } from "./values";

export type SaveGroup = (
  input: ReturnType<typeof toInput>,
  showErrors: (errors: Record<string, string>) => void,
) => void;

const label = (location: string) => location.toLowerCase().replace(/_/g, "-");

/** A check group's settings that its checks inherit (create and edit). */
export function GroupForm({
  initial,
  action,
  saving,
  onSave,
}: {
  initial: GroupValues;
  action: string;
  saving: boolean;
  onSave: SaveGroup;
}) {
  const { values, set, errors, setErrors } = useFormValues(initial);
  const setVariable = (index: number, change: Partial<{ key: string; value: string }>) =>
    set({ variables: values.variables.map((row, i) => (i === index ? { ...row, ...change } : row)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    onSave(toInput(values, initial.name ? initial : undefined), setErrors);
  };
  return (
    <form className="form panel" onSubmit={submit} noValidate>
      <FormError text={errors.form} />
      <Field id="name" label="Name" error={errors.name}>
        {(props) => <input {...props} value={values.name} onChange={(event) => set({ name: event.target.value })} />}
      </Field>
      <Field
        id="tags"
        label="Tags"
        hint="Comma-separated; maintenance windows and filters match them"
        error={errors.tags}
      >
        {(props) => <input {...props} value={values.tags} onChange={(event) => set({ tags: event.target.value })} />}
      </Field>
      <fieldset aria-describedby={errors.locations ? "locations-error" : undefined}>
        <legend>Locations (none: each check keeps its own)</legend>
        {LOCATIONS.map((location) => (
          <label key={location} className="inline">
            <input
              type="checkbox"
              checked={values.locations.includes(location)}
              onChange={(event) =>
                set({
                  locations: event.target.checked
                    ? [...values.locations, location]
                    : values.locations.filter((l) => l !== location),
                })
              }
            />{" "}
            {label(location)}
          </label>
        ))}
        {errors.locations ? (
          <small id="locations-error" className="field-error" data-testid="error-locations">
            {errors.locations}
          </small>
        ) : null}
      </fieldset>
      <Field id="runtimeId" label="Runtime" error={errors.runtimeId}>
        {(props) => (
          <select {...props} value={values.runtimeId} onChange={(event) => set({ runtimeId: event.target.value })}>
            <option value="">Each check's own</option>
            {RUNTIMES.map((runtime) => (
              <option key={runtime} value={runtime}>
                {runtime.replace("RUNTIME_", "").replace("_", ".")}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="apiBaseUrl"
        label="API base URL"
        hint="Checks' URLs may start with {{GROUP_BASE_URL}}"
        error={errors.apiBaseUrl}
      >
        {(props) => (
          <input {...props} value={values.apiBaseUrl} onChange={(event) => set({ apiBaseUrl: event.target.value })} />
        )}
      </Field>
      <fieldset aria-describedby={errors.variables ? "variables-error" : undefined}>
        <legend>Environment variables (a check's own win)</legend>
        {values.variables.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place
          <div key={index} className="actions">
            <label>
              Name {index + 1}{" "}
              <input value={row.key} onChange={(event) => setVariable(index, { key: event.target.value })} />
            </label>
            <label>
              Value {index + 1}{" "}
              <input value={row.value} onChange={(event) => setVariable(index, { value: event.target.value })} />
            </label>
          </div>
        ))}
        <button type="button" onClick={() => set({ variables: [...values.variables, { key: "", value: "" }] })}>
          Add a variable
        </button>
        {errors.variables ? (
          <small id="variables-error" className="field-error" data-testid="error-variables">
            {errors.variables}
          </small>
        ) : null}
      </fieldset>
      <Field id="concurrency" label="Checks run at once when triggered" error={errors.concurrency}>
        {(props) => (
          <input
            {...props}
            type="number"
            value={values.concurrency}
            onChange={(event) => set({ concurrency: event.target.value })}
          />
        )}
      </Field>
      <label className="inline">
        <input
          type="checkbox"
          checked={!values.useGlobalAlertSettings}
          onChange={(event) => set({ useGlobalAlertSettings: !event.target.checked })}
        />{" "}
        The group's own alert settings for its checks (not the account's)
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={values.activated}
          onChange={(event) => set({ activated: event.target.checked })}
        />{" "}
        Active (unticked pauses every check of the group)
      </label>
      <label className="inline">
        <input type="checkbox" checked={values.muted} onChange={(event) => set({ muted: event.target.checked })} />{" "}
        Muted
      </label>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? "Saving…" : action}
        </button>
      </div>
    </form>
  );
}
