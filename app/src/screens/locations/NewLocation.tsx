import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { NewLocationMutation } from "../../__generated__/NewLocationMutation.graphql";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";
import { ShownKey } from "./ShownKey";

const create = graphql`
  mutation NewLocationMutation($input: PrivateLocationInput!, $connections: [ID!]!) {
    result: createPrivateLocation(input: $input) {
      __typename
      ... on CreatePrivateLocationSuccess {
        data {
          firstKey {
            rawKey
          }
          privateLocation @prependNode(connections: $connections, edgeTypeName: "PrivateLocationEdge") {
            name
            ...LocationRow_location
          }
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

const EMPTY = { name: "", slugName: "", proxyUrl: "" };

/** Makes a location with its first agent key, shown here once with the command to run an agent. */
export function NewLocation({ connection }: { connection: string }) {
  const [values, setValues] = useState(EMPTY);
  const [shown, setShown] = useState<{ key: string; name: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<NewLocationMutation>(create);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setShown(null);
    const input = { name: values.name, slugName: values.slugName.trim(), proxyUrl: values.proxyUrl.trim() || null };
    commit({
      variables: { input, connections: [connection] },
      onCompleted: ({ result }) => {
        if (result.data) {
          setShown({ key: result.data.firstKey.rawKey, name: result.data.privateLocation.name });
          setValues(EMPTY);
          return;
        }
        setErrors(fieldErrors(result as never, (path) => path.split(".").pop() ?? path, "The location was not made."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  return (
    <section className="panel" aria-labelledby="new-location">
      <h2 id="new-location">New private location</h2>
      <form className="form" onSubmit={submit} noValidate>
        <FormError text={errors.form} />
        <Field id="location-name" label="Name" error={errors.name}>
          {(props) => <input {...props} value={values.name} onChange={set("name")} />}
        </Field>
        <Field
          id="location-slug"
          label="Slug"
          hint="How checks name it in privateLocations: 1 to 30 letters, digits or '-'; it never changes"
          error={errors.slugName}
        >
          {(props) => <input {...props} value={values.slugName} onChange={set("slugName")} />}
        </Field>
        <Field
          id="location-proxy"
          label="Proxy (optional)"
          hint="An http(s) proxy for the agents' calls"
          error={errors.proxyUrl}
        >
          {(props) => <input {...props} type="url" value={values.proxyUrl} onChange={set("proxyUrl")} />}
        </Field>
        <div className="actions">
          <button type="submit" className="primary" disabled={saving}>
            Make the location
          </button>
        </div>
      </form>
      {shown ? <ShownKey rawKey={shown.key} what={shown.name} /> : null}
    </section>
  );
}
