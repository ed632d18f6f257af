import { Field } from "../form/Field";
import { RetryStrategyFields } from "../form/RetryStrategyFields";
import { RUNTIMES, type SectionProps } from "./values";
import { Places, PUBLIC_PLACES } from "../form/Places";

/** Where and how the group's checks run: locations, runtime, concurrency, parallel runs, retries. */
export function GroupRunFields({
  values,
  set,
  errors,
  privateLocations,
}: SectionProps & { privateLocations: { slugName: string; name: string }[] }) {
  return (
    <>
      <Places
        id="locations"
        legend="Locations (none: each check keeps its own)"
        places={PUBLIC_PLACES}
        chosen={values.locations}
        onChange={(locations) => set({ locations })}
        error={errors.locations}
      />
      <Places
        id="privateLocations"
        legend="Private locations (run by the account's agents)"
        places={privateLocations.map((p) => ({ value: p.slugName, name: `${p.name} (${p.slugName})` }))}
        chosen={values.privateLocations}
        onChange={(chosen) => set({ privateLocations: chosen })}
        error={errors.privateLocations}
      />
      <Field id="runtimeId" label="Runtime" error={errors.runtimeId}>
        {(props) => (
          <select {...props} value={values.runtimeId} onChange={(event) => set({ runtimeId: event.target.value })}>
            <option value="">Each check's own</option>
            {RUNTIMES.map((runtime) => (
              <option key={runtime} value={runtime}>
                {runtime.replace("RUNTIME_", "").replace("_", ".")}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="concurrency" label="Checks run at once when triggered" error={errors.concurrency}>
        {(props) => (
          <input
            {...props}
            type="number"
            value={values.concurrency}
            onChange={(event) => set({ concurrency: event.target.value })}
          />
        )}
      </Field>
      <label className="inline">
        <input
          type="checkbox"
          checked={values.runParallel}
          onChange={(event) => set({ runParallel: event.target.checked })}
        />{" "}
        Run each check from all its locations at once (not one location a run)
      </label>
      <RetryStrategyFields
        values={values.retry}
        set={(change) => set({ retry: { ...values.retry, ...change } })}
        errors={errors}
      />
    </>
  );
}
