import { type FormEvent, useState } from "react";
import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { NewChannelMutation } from "../../__generated__/NewChannelMutation.graphql";
import type { NewChannelQuery } from "../../__generated__/NewChannelQuery.graphql";
import type { ScreenProps } from "../../routes";
import { navigate } from "../../router/router";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";
import { type ChannelType, configOf, FIELDS, TYPES } from "./fields";
import { newChannelQuery } from "./NewChannelQuery";
import { TemplateEditor } from "./TemplateEditor";

const create = graphql`
  mutation NewChannelMutation($input: AlertChannelInput!) {
    result: createAlertChannel(input: $input) {
      __typename
      ... on CreateAlertChannelSuccess {
        data {
          id
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fieldPaths
      }
    }
  }
`;

const FLAGS = [
  ["sendFailure", "Failures"],
  ["sendRecovery", "Recoveries"],
  ["sendDegraded", "Degradations"],
] as const;

/** A new alert channel: the fields of its type, a webhook's template with a preview; the API's errors beside them. */
export function NewChannel({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<NewChannelQuery>(newChannelQuery, queryRef as PreloadedQuery<NewChannelQuery>);
  const [type, setType] = useState<ChannelType>("WEBHOOK");
  const [values, setValues] = useState<Record<string, string>>({});
  const [template, setTemplate] = useState("");
  const [flags, setFlags] = useState({ sendFailure: true, sendRecovery: true, sendDegraded: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<NewChannelMutation>(create);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    commit({
      variables: { input: { type, config: configOf(type, values, template), ...flags } },
      onCompleted: ({ result }) => {
        if (result.data?.id) return navigate("/alert-channels");
        setErrors(
          fieldErrors(
            result as never,
            (path) => path.replace(/^config\./, "").split(".")[0] ?? path,
            "The channel was not made.",
          ),
        );
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  return (
    <>
      <h1>New alert channel</h1>
      <form className="form panel" onSubmit={submit} noValidate>
        <FormError text={errors.form} />
        <Field id="type" label="Type" error={errors.type}>
          {(props) => (
            <select {...props} value={type} onChange={(event) => setType(event.target.value as ChannelType)}>
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
                  onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
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
                  onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
                />
              )
            }
          </Field>
        ))}
        {type === "WEBHOOK" ? (
          <TemplateEditor
            variables={data.alertTemplateVariables}
            value={template}
            onChange={setTemplate}
            error={errors.template}
          />
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
            Make the channel
          </button>
        </div>
      </form>
    </>
  );
}
