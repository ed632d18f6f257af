import { type FormEvent, useState } from "react";
import { commitMutation, type PreloadedQuery, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import type { CheckFormQuery } from "../../__generated__/CheckFormQuery.graphql";
import type { ScreenProps } from "../../routes";
import { navigate } from "../../router/router";
import { Field } from "./Field";
import { checkFormQuery, valuesOf } from "./load";
import { MUTATIONS, type MutationResult } from "./mutations";
import { type CheckKind, EMPTY, type FormValues, fieldOf, inputFor, KINDS } from "./values";
import { TypeFields } from "./TypeFields";

const LOCATIONS = ["EU_WEST_1", "EU_CENTRAL_1", "EU_NORTH_1", "US_EAST_1", "US_WEST_2", "AP_SOUTHEAST_1", "SA_EAST_1"];

/** The part of a ValidationError's message ("a: …; b: …") that is about `path`. */
export function messageFor(path: string, message = "Not valid"): string {
  const part = message.split("; ").find((piece) => piece.startsWith(`${path}: `));
  return part ? part.slice(path.length + 2) : message;
}

const SECONDS: [string, string][] = ["10", "20", "30"].map((s) => [`0:${s}`, `${s} seconds`]);
const MINUTES: [string, string][] = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440].map((m) => [
  String(m),
  m < 60 ? `${m} minute${m === 1 ? "" : "s"}` : `${m / 60} hour${m === 60 ? "" : "s"}`,
]);

export function checkFormVariables(params: Record<string, string>, search: URLSearchParams) {
  const id = params.id ?? search.get("from") ?? "";
  return { id, hasId: id !== "" };
}

/** Create, edit or clone a check of any type; the API's validation errors show beside their fields. */
export function CheckForm({ queryRef, params, search }: ScreenProps) {
  const data = usePreloadedQuery<CheckFormQuery>(checkFormQuery, queryRef as PreloadedQuery<CheckFormQuery>);
  const editing = params.id ? (data.node?.id ?? null) : null;
  const [values, setValues] = useState<FormValues>(() => {
    const start = valuesOf(data.node, !editing);
    const kind = KINDS.find((k) => k === search.get("type"));
    return data.node ? start : { ...EMPTY, kind: kind ?? EMPTY.kind };
  });
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues | "form", string>>>({});
  const [saving, setSaving] = useState(false);
  const environment = useRelayEnvironment();
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaving(true);
    const mutation = MUTATIONS[values.kind][editing ? "update" : "create"];
    const input = inputFor(values);
    commitMutation(environment, {
      mutation,
      variables: editing ? { id: editing, input } : { input },
      onCompleted: (response) => {
        setSaving(false);
        const { result } = response as MutationResult;
        if (result.data?.id) return navigate(`/checks/${encodeURIComponent(result.data.id)}`);
        const found: Partial<Record<keyof FormValues | "form", string>> = {};
        for (const path of result.fieldPaths ?? []) found[fieldOf(path)] = messageFor(path, result.message);
        if (!result.fieldPaths?.length) found.form = result.message ?? "The check was not saved.";
        setErrors(found);
      },
      onError: (error) => {
        setSaving(false);
        setErrors({ form: error.message });
      },
    });
  };
  const title = editing ? `Edit ${data.node?.name ?? "check"}` : data.node ? "Clone a check" : "New check";
  return (
    <>
      <h1>{title}</h1>
      <form className="form panel" onSubmit={submit} noValidate>
        {errors.form ? (
          <p role="alert" className="error">
            {errors.form}
          </p>
        ) : null}
        <Field id="kind" label="Type">
          {(props) => (
            <select
              {...props}
              value={values.kind}
              disabled={Boolean(editing)}
              onChange={(event) => set("kind", event.target.value as CheckKind)}
            >
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="name" label="Name" error={errors.name}>
          {(props) => <input {...props} value={values.name} onChange={(event) => set("name", event.target.value)} />}
        </Field>
        <TypeFields values={values} set={set} errors={errors} />
        {values.kind === "HEARTBEAT" ? null : (
          <>
            <Field id="frequency" label="Run every" error={errors.frequency}>
              {(props) => (
                <select {...props} value={values.frequency} onChange={(event) => set("frequency", event.target.value)}>
                  {(values.kind === "API" ? SECONDS : []).concat(MINUTES).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <fieldset aria-describedby={errors.locations ? "locations-error" : undefined}>
              <legend>Locations</legend>
              {LOCATIONS.map((location) => (
                <label key={location} className="inline">
                  <input
                    type="checkbox"
                    checked={values.locations.includes(location)}
                    onChange={(event) =>
                      set(
                        "locations",
                        event.target.checked
                          ? [...values.locations, location]
                          : values.locations.filter((l) => l !== location),
                      )
                    }
                  />{" "}
                  {location.toLowerCase().replace(/_/g, "-")}
                </label>
              ))}
              {errors.locations ? (
                <small id="locations-error" className="field-error">
                  {errors.locations}
                </small>
              ) : null}
            </fieldset>
          </>
        )}
        <Field id="tags" label="Tags" hint="Separated by commas" error={errors.tags}>
          {(props) => <input {...props} value={values.tags} onChange={(event) => set("tags", event.target.value)} />}
        </Field>
        <label className="inline">
          <input
            type="checkbox"
            checked={values.activated}
            onChange={(event) => set("activated", event.target.checked)}
          />{" "}
          Running (untick to keep it paused)
        </label>
        <div className="actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? "Saving…" : editing ? "Save" : "Create the check"}
          </button>
        </div>
      </form>
    </>
  );
}
