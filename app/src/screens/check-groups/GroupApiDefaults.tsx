import { AssertionList } from "../form/AssertionList";
import { Field } from "../form/Field";
import { HttpFields } from "../form/HttpFields";
import type { SectionProps } from "./values";

/** What the group's API checks start from: base URL, headers, query parameters, basic auth, assertions. */
export function GroupApiDefaults({ values, set, errors }: SectionProps) {
  return (
    <fieldset>
      <legend>Defaults of its API checks</legend>
      <Field
        id="apiBaseUrl"
        label="API base URL"
        hint="Checks' URLs may start with {{GROUP_BASE_URL}}"
        error={errors.apiBaseUrl}
      >
        {(props) => (
          <input
            {...props}
            autoComplete="off"
            value={values.apiBaseUrl}
            onChange={(event) => set({ apiBaseUrl: event.target.value })}
          />
        )}
      </Field>
      <HttpFields values={values} set={set} errors={errors} />
      <AssertionList
        id="assertions"
        rows={values.assertions}
        onChange={(assertions) => set({ assertions })}
        error={errors.assertions}
      />
    </fieldset>
  );
}
