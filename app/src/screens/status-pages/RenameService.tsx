import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { RenameServiceMutation } from "../../__generated__/RenameServiceMutation.graphql";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";

const rename = graphql`
  mutation RenameServiceMutation($id: ID!, $input: ServiceInput!) {
    result: updateService(id: $id, input: $input) {
      __typename
      ... on UpdateServiceSuccess {
        data {
          id
          name
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

/** Renames a service in place (every card and incident showing it follows); the API's error on the field. */
export function RenameService({ service }: { service: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(service.name);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<RenameServiceMutation>(rename);
  const id = `rename-${service.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    commit({
      variables: { id: service.id, input: { name } },
      onCompleted: ({ result }) =>
        result.data
          ? setOpen(false)
          : setErrors(fieldErrors(result as never, () => id, "The service was not renamed.")),
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Rename {service.name}
      </button>
    );
  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormError text={errors.form} />
      <Field id={id} label={`New name for ${service.name}`} error={errors[id]}>
        {(props) => <input {...props} value={name} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <div className="actions">
        <button type="submit" disabled={saving}>
          Save the name
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
