import { AssertionList } from "../form/AssertionList";
import { Field } from "../form/Field";
import { KeyValueList } from "../form/KeyValueList";
import type { SectionProps } from "./values";

/** What the group's API checks start from: base URL, headers, query parameters, assertions, basic auth. */
export function GroupApiDefaults({ values, set, errors }: SectionProps) {
  const text = (id: "apiBaseUrl" | "basicAuthUser" | "basicAuthPassword", label: string, hint?: string) => (
    <Field id={id} label={label} hint={hint} error={errors[id === "basicAuthUser" ? "basicAuth" : id]}>
      {(props) => (
        <input
          {...props}
          type={id === "basicAuthPassword" ? "password" : "text"}
          autoComplete="off"
          value={values[id]}
          onChange={(event) => set({ [id]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <fieldset>
      <legend>Defaults of its API checks</legend>
      {text("apiBaseUrl", "API base URL", "Checks' URLs may start with {{GROUP_BASE_URL}}")}
      <KeyValueList
        id="headers"
        legend="Headers"
        noun="Header"
        lock={null}
        pairs={values.headers}
        onChange={(headers) => set({ headers })}
        error={errors.headers}
      />
      <KeyValueList
        id="queryParameters"
        legend="Query parameters"
        noun="Parameter"
        lock={null}
        pairs={values.queryParameters}
        onChange={(queryParameters) => set({ queryParameters })}
        error={errors.queryParameters}
      />
      <AssertionList
        id="assertions"
        rows={values.assertions}
        onChange={(assertions) => set({ assertions })}
        error={errors.assertions}
      />
      {text("basicAuthUser", "Basic auth user")}
      {text("basicAuthPassword", "Basic auth password")}
    </fieldset>
  );
}
