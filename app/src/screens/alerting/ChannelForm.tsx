import { type FormEvent, useState } from "react";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";
import { KeyValueList } from "../form/KeyValueList";
import { type ChannelDraft, type ChannelType, configOf, EMPTY_DRAFT, FIELDS, TYPES } from "./fields";
import { TemplateEditor } from "./TemplateEditor";

const FLAGS = [
  ["sendFailure", "Failures"],
  ["sendRecovery", "Recoveries"],
  ["sendDegraded", "Degradations"],
] as const;

export type Flags = { sendFailure: boolean; sendRecovery: boolean; sendDegraded: boolean };

/** What the form submits: AlertChannelInput without its subscriptions. */
export type ChannelInput = Flags & { type: ChannelType; config: Record<string, unknown> };

/**
 * The fields of a channel of each type (a webhook's template with its preview, headers and query
 * parameters), for a new channel and an edit alike; the API's errors beside their fields.
 */
export function ChannelForm({
  variables,
  initial = EMPTY_DRAFT,
  initialFlags = { sendFailure: true, sendRecovery: true, sendDegraded: false },
  submitLabel,
  saving,
  errors,
  onSubmit,
}: {
  variables: readonly string[];
  initial?: ChannelDraft;
  initialFlags?: Flags;
  submitLabel: string;
  saving: boolean;
  errors: Record<string, string>;
  onSubmit: (input: ChannelInput) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [flags, setFlags] = useState(initialFlags);
  const { type, values } = draft;
  const change = (next: Partial<ChannelDraft>) => setDraft((d) => ({ ...d, ...next }));
  const setValue = (name: string, value: string) => change({ values: { ...values, [name]: value } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ type, config: configOf(draft), ...flags });
  };
  return (
    <form className="form panel" onSubmit={submit} noValidate>
      <FormError text={errors.form} />
      <Field id="type" label="Type" error={errors.type}>
        {(props) => (
          <select {...props} value={type} onChange={(event) => change({ type: event.target.value as ChannelType })}>
            {TYPES.map((value) => (
              <option key={value} value={value}>
                {value.charAt(0) + value.slice(1).toLowerCase()}
              </option>
            ))}
          </select>
        )}
      </Field>
      {FIELDS[type].map((field) => (
        <Field
          key={`${type}-${field.name}`}
          id={field.name}
          label={field.label}
          hint={field.hint}
          error={errors[field.name]}
        >
          {(props) =>
            field.kind === "select" ? (
              <select
                {...props}
                value={values[field.name] ?? field.options?.[0]}
                onChange={(event) => setValue(field.name, event.target.value)}
              >
                {field.options?.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...props}
                type={
                  field.kind === "secret"
                    ? "password"
                    : field.kind === "email"
                      ? "email"
                      : field.kind === "url"
                        ? "url"
                        : "text"
                }
                autoComplete="off"
                value={values[field.name] ?? ""}
                onChange={(event) => setValue(field.name, event.target.value)}
              />
            )
          }
        </Field>
      ))}
      {type === "WEBHOOK" ? (
        <>
          <TemplateEditor
            variables={variables}
            value={draft.template}
            onChange={(template) => change({ template })}
            error={errors.template}
          />
          <KeyValueList
            id="headers"
            legend="Headers"
            noun="Header"
            pairs={draft.headers}
            onChange={(headers) => change({ headers })}
            error={errors.headers}
          />
          <KeyValueList
            id="queryParameters"
            legend="Query parameters"
            noun="Parameter"
            pairs={draft.queryParameters}
            onChange={(queryParameters) => change({ queryParameters })}
            error={errors.queryParameters}
          />
        </>
      ) : null}
      <fieldset>
        <legend>Send</legend>
        {FLAGS.map(([flag, label]) => (
          <label key={flag} className="inline">
            <input
              type="checkbox"
              checked={flags[flag]}
              onChange={(event) => setFlags((f) => ({ ...f, [flag]: event.target.checked }))}
            />{" "}
            {label}
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
