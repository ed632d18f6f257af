import { Field } from "./Field";
import { KeyValueList } from "./KeyValueList";
import type { Pair } from "./rows";

type Http = { headers: Pair[]; queryParameters: Pair[]; basicAuthUser: string; basicAuthPassword: string };

/** Headers, query parameters and basic auth: an API check's own, or a group's defaults for its API checks. */
export function HttpFields<T extends Http>({
  values,
  set,
  errors,
}: {
  values: T;
  set: (change: Partial<Http>) => void;
  errors: Record<string, string>;
}) {
  const auth = (id: "basicAuthUser" | "basicAuthPassword", label: string) => (
    <Field id={id} label={label} error={errors[id === "basicAuthUser" ? "basicAuth" : id] ?? errors[id]}>
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
    <>
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
      {auth("basicAuthUser", "Basic auth user")}
      {auth("basicAuthPassword", "Basic auth password")}
    </>
  );
}
