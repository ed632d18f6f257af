import { Field } from "../form/Field";
import { KeyValueList } from "../form/KeyValueList";
import type { SectionProps } from "./values";

type ScriptId = "setupScript" | "tearDownScript" | "browserCheckDefaults";

/** The variables its checks see (secret ones write-only) and the scripts run around them. */
export function GroupScripts({ values, set, errors }: SectionProps) {
  const script = (id: ScriptId, label: string, hint: string) => (
    <Field id={id} label={label} hint={hint} error={errors[id]}>
      {(props) => (
        <textarea {...props} value={values[id]} spellCheck={false} onChange={(e) => set({ [id]: e.target.value })} />
      )}
    </Field>
  );
  return (
    <>
      <KeyValueList
        id="variables"
        legend="Environment variables (a check's own win)"
        noun="Variable"
        lock="secret"
        pairs={values.variables}
        onChange={(variables) => set({ variables })}
        error={errors.variables}
      />
      {script("setupScript", "Setup script", "Runs before each API check of the group")}
      {script("tearDownScript", "Teardown script", "Runs after each API check of the group")}
      {script("browserCheckDefaults", "Browser check defaults", "Stored as written, for the group's browser checks")}
    </>
  );
}
