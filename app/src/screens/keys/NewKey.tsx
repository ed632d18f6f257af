import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { NewKeyMutation } from "../../__generated__/NewKeyMutation.graphql";
import { ShownOnce } from "../../ui/ShownOnce";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";

const create = graphql`
  mutation NewKeyMutation($name: String, $connections: [ID!]!) {
    result: createApiKey(name: $name) {
      __typename
      ... on CreateApiKeySuccess {
        data {
          key
          apiKey @prependNode(connections: $connections, edgeTypeName: "ApiKeyEdge") {
            ...ApiKeyItem_key @relay(mask: false)
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

/** Makes another key: shown here once (only its hash is kept), with a copy button. */
export function NewKey({ connection }: { connection: string }) {
  const [name, setName] = useState("");
  const [shown, setShown] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<NewKeyMutation>(create);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setShown(null);
    commit({
      variables: { name: name.trim() || null, connections: [connection] },
      onCompleted: ({ result }) => {
        if (result.data?.key) {
          setShown(result.data.key);
          setName("");
          return;
        }
        setErrors(fieldErrors(result as never, (path) => path.split(".").pop() ?? path, "The key was not made."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  return (
    <section className="panel" aria-labelledby="new-key">
      <h2 id="new-key">New key</h2>
      <form className="form" onSubmit={submit} noValidate>
        <FormError text={errors.form} />
        <Field id="key-name" label="What it is for" hint="Shown in this list" error={errors.name}>
          {(props) => <input {...props} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit" className="primary" disabled={saving}>
            Make the key
          </button>
        </div>
      </form>
      <ShownOnce secret={shown} id="new-api-key" />
    </section>
  );
}
