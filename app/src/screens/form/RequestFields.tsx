import { Field } from "./Field";
import { HttpFields } from "./HttpFields";
import type { SectionProps } from "./section";

const BODY_TYPES = ["NONE", "JSON", "FORM", "RAW", "GRAPHQL"];

/** Whether an HTTP check follows redirects and checks the server's certificate (API and URL checks). */
export function RedirectFields({ values, set }: Omit<SectionProps, "errors">) {
  return (
    <>
      <label className="inline">
        <input
          type="checkbox"
          checked={values.followRedirects}
          onChange={(event) => set({ followRedirects: event.target.checked })}
        />{" "}
        Follow redirects
      </label>
      <label className="inline">
        <input type="checkbox" checked={values.skipSSL} onChange={(event) => set({ skipSSL: event.target.checked })} />{" "}
        Skip the TLS certificate check
      </label>
    </>
  );
}

/** What an API check sends beyond method and URL: headers, query parameters, body, basic auth. */
export function RequestFields({ values, set, errors }: SectionProps) {
  return (
    <fieldset>
      <legend>Request</legend>
      <HttpFields values={values} set={set} errors={errors} />
      <Field id="bodyType" label="Body format" error={errors.bodyType}>
        {(props) => (
          <select {...props} value={values.bodyType} onChange={(event) => set({ bodyType: event.target.value })}>
            {BODY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type === "NONE" ? "No body" : type}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="body" label="Body" error={errors.body}>
        {(props) => (
          <textarea
            {...props}
            value={values.body}
            spellCheck={false}
            onChange={(event) => set({ body: event.target.value })}
          />
        )}
      </Field>
      <RedirectFields values={values} set={set} />
    </fieldset>
  );
}
