import { Field } from "../form/Field";
import { STATUSES, statusLabel } from "./badges";

export type Status = (typeof STATUSES)[number];
export type UpdateValues = { status: Status; description: string; notify: boolean };

/** An incident update's fields (a new incident's first one, or the next one): status, text, notify. */
export function UpdateFields({
  prefix,
  label,
  hint,
  values,
  set,
  errors,
}: {
  prefix: string;
  label: string;
  hint?: string;
  values: UpdateValues;
  set: (change: Partial<UpdateValues>) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field id={`${prefix}status`} label="Status" error={errors.status}>
        {(props) => (
          <select {...props} value={values.status} onChange={(event) => set({ status: event.target.value as Status })}>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${prefix}description`} label={label} hint={hint} error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            rows={prefix ? 3 : 4}
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      </Field>
      <label className="inline">
        <input type="checkbox" checked={values.notify} onChange={(event) => set({ notify: event.target.checked })} />{" "}
        Notify the pages' subscribers
      </label>
    </>
  );
}
