import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { EditLocationMutation } from "../../__generated__/EditLocationMutation.graphql";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";

const update = graphql`
  mutation EditLocationMutation($id: ID!, $input: PrivateLocationUpdateInput!) {
    result: updatePrivateLocation(id: $id, input: $input) {
      __typename
      ... on UpdatePrivateLocationSuccess {
        data {
          id
          name
          proxyUrl
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

type Location = { id: string; name: string; slugName: string; proxyUrl: string | null | undefined };

/** A location's name and proxy (its slug never changes: checks name it). */
export function EditLocation({ location, onDone }: { location: Location; onDone: (message: string) => void }) {
  const [name, setName] = useState(location.name);
  const [proxyUrl, setProxyUrl] = useState(location.proxyUrl ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<EditLocationMutation>(update);
  const id = `edit-${location.slugName}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    commit({
      variables: { id: location.id, input: { name, proxyUrl: proxyUrl.trim() || null } },
      onCompleted: ({ result }) => {
        if (result.data) return onDone(`Saved ${result.data.name}.`);
        setErrors(fieldErrors(result as never, (path) => path.split(".").pop() ?? path, "Nothing was saved."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={`Edit ${location.name}`}>
      <FormError text={errors.form} />
      <Field id={`${id}-name`} label="Name" error={errors.name}>
        {(props) => <input {...props} value={name} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <Field id={`${id}-proxy`} label="Proxy (optional)" error={errors.proxyUrl}>
        {(props) => (
          <input {...props} type="url" value={proxyUrl} onChange={(event) => setProxyUrl(event.target.value)} />
        )}
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          Save
        </button>
        <button type="button" onClick={() => onDone("")}>
          Cancel
        </button>
      </div>
    </form>
  );
}
