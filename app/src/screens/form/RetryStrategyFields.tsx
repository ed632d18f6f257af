import { graphql } from "react-relay";
import { Field } from "./Field";
import { RETRY_TYPES, type RetryValues } from "./retryStrategy";

/** A stored strategy as the forms read it (a check's, a group's). */
export const retryStrategyFields = graphql`
  fragment RetryStrategyFields_strategy on RetryStrategy {
    type
    baseBackoffSeconds
    maxRetries
    maxDurationSeconds
    sameRegion
    onlyOn
  }
`;

const NAMES: Record<string, string> = {
  "": "No retries",
  FIXED: "Fixed: the same wait each time",
  LINEAR: "Linear: the wait grows by the first",
  EXPONENTIAL: "Exponential: the wait doubles",
  SINGLE_RETRY: "One retry",
};

/** How failed runs are retried before they count: a strategy and its bounds. */
export function RetryStrategyFields({
  values,
  set,
  errors,
}: {
  values: RetryValues;
  set: (change: Partial<RetryValues>) => void;
  errors: Record<string, string>;
}) {
  const number = (id: "baseBackoffSeconds" | "maxRetries" | "maxDurationSeconds", label: string, hint: string) => (
    <Field id={id} label={label} hint={hint} error={errors[id]}>
      {(props) => <input {...props} type="number" value={values[id]} onChange={(e) => set({ [id]: e.target.value })} />}
    </Field>
  );
  return (
    <fieldset>
      <legend>Retries of a failed run</legend>
      <Field id="retryType" label="Retry strategy" error={errors.retryType}>
        {(props) => (
          <select {...props} value={values.type} onChange={(e) => set({ type: e.target.value as RetryValues["type"] })}>
            {["", ...RETRY_TYPES].map((type) => (
              <option key={type} value={type}>
                {NAMES[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.type ? (
        <>
          {number("baseBackoffSeconds", "First wait (seconds)", "0 to 3600")}
          {values.type === "SINGLE_RETRY" ? null : number("maxRetries", "Retries at most", "1 to 10")}
          {number("maxDurationSeconds", "Give up after (seconds)", "0 to 600")}
          <label className="inline">
            <input
              type="checkbox"
              checked={values.sameRegion}
              onChange={(e) => set({ sameRegion: e.target.checked })}
            />{" "}
            Retry from the same location
          </label>
          <label className="inline">
            <input
              type="checkbox"
              checked={values.networkOnly}
              onChange={(e) => set({ networkOnly: e.target.checked })}
            />{" "}
            Only after a network error
          </label>
        </>
      ) : null}
    </fieldset>
  );
}
