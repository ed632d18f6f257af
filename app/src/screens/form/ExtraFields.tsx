import { AssertionList } from "./AssertionList";
import { CHECK_ASSERTION_KINDS } from "../../../../src/domain/shared/assertion-kinds";
import { Field } from "./Field";
import { OwnAlertSettings } from "./AlertSettingsFields";
import { KeyValueList } from "./KeyValueList";
import type { SectionProps } from "./section";
import { TAKES } from "./values";

/** The assertions of the types that take them, offering only the sources and comparisons each takes. */
export function CheckAssertions({ values, set, errors }: SectionProps) {
  const kind = values.kind;
  if (!(kind === "API" || kind === "URL" || kind === "TCP" || kind === "DNS" || kind === "ICMP")) return null;
  const { sources, comparisons } = CHECK_ASSERTION_KINDS[kind];
  return (
    <AssertionList
      id="assertions"
      rows={values.assertions}
      onChange={(assertions) => set({ assertions })}
      error={errors.assertions}
      sources={sources}
      comparisons={comparisons}
    />
  );
}

/** An API check's setup and teardown scripts; a browser or multi-step check's variables (secret ones write-only). */
export function ScriptFields({ values, set, errors }: SectionProps) {
  const script = (id: "setupScript" | "tearDownScript", label: string, hint: string) => (
    <Field id={id} label={label} hint={hint} error={errors[id]}>
      {(props) => (
        <textarea {...props} value={values[id]} spellCheck={false} onChange={(e) => set({ [id]: e.target.value })} />
      )}
    </Field>
  );
  return (
    <>
      {TAKES.scripts(values.kind) ? (
        <>
          {script("setupScript", "Setup script", "Runs before the request")}
          {script("tearDownScript", "Teardown script", "Runs after the request")}
        </>
      ) : null}
      {TAKES.variables(values.kind) ? (
        <KeyValueList
          id="variables"
          legend="Environment variables"
          noun="Variable"
          lock="secret"
          pairs={values.variables}
          onChange={(variables) => set({ variables })}
          error={errors.variables}
        />
      ) : null}
    </>
  );
}

/** Whose alert settings the check follows (its own shown when chosen), and whether it is muted. */
export function CheckAlerting({ values, set, errors }: SectionProps) {
  return (
    <fieldset>
      <legend>Alerts</legend>
      <OwnAlertSettings
        label="Its own alert settings (not the account's)"
        values={values}
        set={set}
        errors={errors}
        ssl={values.kind === "SSL"}
      />
      <label className="inline">
        <input type="checkbox" checked={values.muted} onChange={(event) => set({ muted: event.target.checked })} />{" "}
        Muted (runs, but sends no alert)
      </label>
    </fieldset>
  );
}
