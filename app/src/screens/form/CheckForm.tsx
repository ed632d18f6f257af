import { type FormEvent, useState } from "react";
import { commitMutation, type PreloadedQuery, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import type { CheckFormQuery } from "../../__generated__/CheckFormQuery.graphql";
import type { ScreenProps } from "../../routes";
import { navigate } from "../../router/router";
import { FormError } from "../../ui/FormError";
import { useFormValues } from "../../ui/useFormValues";
import { channelOptions } from "./ChannelChoices";
import { CheckLinks, type LinkOptions } from "./CheckLinks";
import { CheckAlerting, CheckAssertions, ScriptFields } from "./ExtraFields";
import { Field } from "./Field";
import { IncidentFields } from "./IncidentFields";
import { valuesOf } from "./fromCheck";
import { fieldOf, inputFor } from "./input";
import { checkFormQuery } from "./load";
import { MUTATIONS, type MutationResult } from "./mutations";
import { RunFields } from "./RunFields";
import { TypeFields } from "./TypeFields";
import { type CheckKind, emptyOf, KINDS } from "./values";

/** The part of a ValidationError's message ("a: …; b: …") that is about `path`. */
export function messageFor(path: string, message = "Not valid"): string {
  const part = message.split("; ").find((piece) => piece.startsWith(`${path}: `));
  return part ? part.slice(path.length + 2) : message;
}

export function checkFormVariables(params: Record<string, string>, search: URLSearchParams) {
  const id = params.id ?? search.get("from") ?? "";
  return { id, hasId: id !== "" };
}

/** Create, edit or clone a check of any type; the API's validation errors show beside their fields. */
export function CheckForm({ queryRef, params, search }: ScreenProps) {
  const data = usePreloadedQuery<CheckFormQuery>(checkFormQuery, queryRef as PreloadedQuery<CheckFormQuery>);
  const editing = params.id ? (data.node?.id ?? null) : null;
  // An edit sends only what changed from the check as read (input.ts): `before` is that reading.
  const [before] = useState(() => (data.node ? valuesOf(data.node, !editing) : undefined));
  const options: LinkOptions = {
    groups: data.checkGroups.edges.map(({ node }) => node),
    privateLocations: data.privateLocations.edges.map(({ node }) => node),
    channels: channelOptions(data.alertChannels.edges),
  };
  // A new check starts subscribed to every channel, as the API's autoAssignAlerts does by default.
  const all = options.channels.map(({ databaseId }) => ({ alertChannelId: databaseId, activated: true }));
  const { values, set, errors, setErrors } = useFormValues(
    () => before ?? { ...emptyOf(KINDS.find((k) => k === search.get("type")) ?? "API"), channels: all },
  );
  const [saving, setSaving] = useState(false);
  const environment = useRelayEnvironment();
  const section = { values, set, errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaving(true);
    const mutation = MUTATIONS[values.kind][editing ? "update" : "create"];
    const input = inputFor(values, editing ? before : undefined);
    commitMutation(environment, {
      mutation,
      variables: editing ? { id: editing, input } : { input },
      onCompleted: (response) => {
        setSaving(false);
        const { result } = response as MutationResult;
        if (result.data?.id) return navigate(`/checks/${encodeURIComponent(result.data.id)}`);
        const found: Record<string, string> = {};
        for (const path of result.fieldPaths ?? [])
          found[fieldOf(path, values.kind)] = messageFor(path, result.message);
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
        <FormError text={errors.form} />
        <Field id="kind" label="Type">
          {(props) => (
            <select
              {...props}
              value={values.kind}
              disabled={Boolean(editing)}
              onChange={(event) => set({ ...emptyOf(event.target.value as CheckKind), ...kept(values) })}
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
          {(props) => <input {...props} value={values.name} onChange={(event) => set({ name: event.target.value })} />}
        </Field>
        <Field id="description" label="Description" error={errors.description}>
          {(props) => (
            <textarea {...props} value={values.description} onChange={(e) => set({ description: e.target.value })} />
          )}
        </Field>
        <TypeFields {...section} />
        <CheckAssertions {...section} />
        <RunFields {...section} />
        <ScriptFields {...section} />
        <CheckAlerting {...section} />
        <CheckLinks {...section} options={options} />
        <IncidentFields
          {...section}
          services={data.services.edges.map(({ node }) => ({ id: node.databaseId, name: node.name }))}
        />
        <Field id="tags" label="Tags" hint="Separated by commas" error={errors.tags}>
          {(props) => <input {...props} value={values.tags} onChange={(event) => set({ tags: event.target.value })} />}
        </Field>
        <label className="inline">
          <input
            type="checkbox"
            checked={values.activated}
            onChange={(event) => set({ activated: event.target.checked })}
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

/** What a new check keeps when its type is changed: what every type has. */
const kept = ({ name, description, tags, locations, activated, muted, channels }: ReturnType<typeof emptyOf>) => ({
  channels,
  name,
  description,
  tags,
  locations,
  activated,
  muted,
});
