import { Field } from "../form/Field";
import type { WindowValues } from "./values";

/** What a window does (pause, or silence alerts) and to which checks (those tagged, or all). */
export function TargetFields({
  values,
  set,
  error,
}: {
  values: WindowValues;
  set: (change: Partial<WindowValues>) => void;
  error?: string;
}) {
  return (
    <>
      <fieldset>
        <legend>During the window</legend>
        <label className="inline">
          <input
            type="radio"
            name="effect"
            checked={values.effect === "PAUSE"}
            onChange={() => set({ effect: "PAUSE" })}
          />{" "}
          Pause the checks
        </label>
        <label className="inline">
          <input
            type="radio"
            name="effect"
            checked={values.effect === "SILENCE"}
            onChange={() => set({ effect: "SILENCE" })}
          />{" "}
          Run them, silence their alerts
        </label>
      </fieldset>
      <fieldset>
        <legend>Which checks</legend>
        <label className="inline">
          <input type="radio" name="scope" checked={values.scope === "TAGS"} onChange={() => set({ scope: "TAGS" })} />{" "}
          Checks (or groups) with these tags
        </label>
        <label className="inline">
          <input type="radio" name="scope" checked={values.scope === "ALL"} onChange={() => set({ scope: "ALL" })} />{" "}
          All checks
        </label>
      </fieldset>
      {values.scope === "TAGS" ? (
        <Field id="tags" label="Tags" hint="Comma-separated" error={error}>
          {(props) => <input {...props} value={values.tags} onChange={(event) => set({ tags: event.target.value })} />}
        </Field>
      ) : null}
    </>
  );
}
