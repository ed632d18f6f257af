import { Field } from "./Field";
import { Places, PUBLIC_PLACES } from "./Places";
import { RetryStrategyFields } from "./RetryStrategyFields";
import type { SectionProps } from "./section";
import { TAKES } from "./values";

const SECONDS: [string, string][] = ["10", "20", "30"].map((s) => [`0:${s}`, `${s} seconds`]);
const MINUTES: [string, string][] = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440].map((m) => [
  String(m),
  m < 60 ? `${m} minute${m === 1 ? "" : "s"}` : `${m / 60} hour${m === 60 ? "" : "s"}`,
]);

/** When, where and how the check runs: frequency, locations, response-time bounds, retries. */
export function RunFields({ values, set, errors }: SectionProps) {
  const ms = (id: "degradedResponseTime" | "maxResponseTime", label: string) => (
    <Field id={id} label={label} hint="Milliseconds; empty: the type's default" error={errors[id]}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          value={values[id]}
          onChange={(event) => set({ [id]: event.target.value })}
        />
      )}
    </Field>
  );
  const scheduled = values.kind !== "HEARTBEAT";
  return (
    <>
      {scheduled ? (
        <>
          <Field id="frequency" label="Run every" error={errors.frequency}>
            {(props) => (
              <select {...props} value={values.frequency} onChange={(event) => set({ frequency: event.target.value })}>
                {(values.kind === "API" ? SECONDS : []).concat(MINUTES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Places
            id="locations"
            legend="Locations"
            places={PUBLIC_PLACES}
            chosen={values.locations}
            onChange={(locations) => set({ locations })}
            error={errors.locations}
          />
          <label className="inline">
            <input
              type="checkbox"
              checked={values.runParallel}
              onChange={(event) => set({ runParallel: event.target.checked })}
            />{" "}
            Run from all its locations at once (not one location a run)
          </label>
        </>
      ) : null}
      {TAKES.responseTimes(values.kind) ? (
        <>
          {ms("degradedResponseTime", "Degraded after")}
          {ms("maxResponseTime", "Failed after")}
        </>
      ) : null}
      {TAKES.retry(values.kind) ? (
        <RetryStrategyFields
          values={values.retry}
          set={(change) => set({ retry: { ...values.retry, ...change } })}
          errors={errors}
        />
      ) : null}
      <label className="inline">
        <input
          type="checkbox"
          checked={values.shouldFail}
          onChange={(event) => set({ shouldFail: event.target.checked })}
        />{" "}
        Expected to fail (a failing run counts as passing)
      </label>
    </>
  );
}
