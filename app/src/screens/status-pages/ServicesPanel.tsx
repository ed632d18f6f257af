import { type FormEvent, useState } from "react";
import { graphql, useMutation, usePaginationFragment } from "react-relay";
import type { ServicesPanel_query$key } from "../../__generated__/ServicesPanel_query.graphql";
import type { ServicesPanelCreateMutation } from "../../__generated__/ServicesPanelCreateMutation.graphql";
import type { ServicesPanelDeleteMutation } from "../../__generated__/ServicesPanelDeleteMutation.graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";
import { RenameService } from "./RenameService";
import { ServiceState } from "./ServiceState";
import { useAsk } from "../../ui/useAsk";

const fragment = graphql`
  fragment ServicesPanel_query on Query
  @refetchable(queryName: "ServicesPanelPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    services(first: $count, after: $cursor) @connection(key: "ServicesPanel__services") {
      __id
      edges {
        node {
          id
          name
          state
        }
      }
    }
  }
`;

const create = graphql`
  mutation ServicesPanelCreateMutation($input: ServiceInput!, $connections: [ID!]!) {
    result: createService(input: $input) {
      __typename
      ... on CreateServiceSuccess {
        data @prependNode(connections: $connections, edgeTypeName: "ServiceEdge") {
          id
          name
          state
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

const remove = graphql`
  mutation ServicesPanelDeleteMutation($id: ID!, $connections: [ID!]!) {
    result: deleteService(id: $id) {
      __typename
      ... on DeleteServiceSuccess {
        data {
          deletedId @deleteEdge(connections: $connections)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** The account's services (what cards show and incidents name), each with its state; add or delete one. */
export function ServicesPanel({ query }: { query: ServicesPanel_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, query);
  const connection = data.services;
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const { dialog, target, ask, take } = useAsk<{ id: string; name: string }>();
  const [commitCreate, creating] = useMutation<ServicesPanelCreateMutation>(create);
  const [commitDelete, deleting] = useMutation<ServicesPanelDeleteMutation>(remove);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    commitCreate({
      variables: { input: { name }, connections: [connection.__id] },
      onCompleted: ({ result }) => {
        if (result.data) {
          setMessage(`Added ${result.data.name}.`);
          return setName("");
        }
        setErrors(fieldErrors(result as never, () => "service-name", "The service was not added."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  const confirm = () => {
    const chosen = take();
    if (!chosen) return;
    commitDelete({
      variables: { id: chosen.id, connections: [connection.__id] },
      onCompleted: ({ result }) =>
        setMessage(result.data ? `Deleted ${chosen.name}.` : (result.message ?? "The service was not deleted.")),
      onError: (error) => setMessage(error.message),
    });
  };
  return (
    <section className="panel" aria-labelledby="services">
      <h2 id="services">Services</h2>
      <p role="status" className="muted">
        {message}
      </p>
      <ul className="plain">
        {connection.edges.map(({ node }) => (
          <li key={node.id} data-testid="service-row">
            <strong>{node.name}</strong> <ServiceState state={node.state} /> <RenameService service={node} />{" "}
            <button type="button" className="danger" disabled={deleting} onClick={() => ask(node)}>
              Delete {node.name}…
            </button>
          </li>
        ))}
      </ul>
      {hasNext ? (
        <button type="button" onClick={() => loadNext(25)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : "More services"}
        </button>
      ) : null}
      <form className="form" onSubmit={submit} noValidate>
        <FormError text={errors.form} />
        <Field id="service-name" label="New service" error={errors["service-name"]}>
          {(props) => <input {...props} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit" disabled={creating}>
            Add the service
          </button>
        </div>
      </form>
      <ConfirmDialog
        dialog={dialog}
        id="delete-service"
        title={`Delete ${target?.name ?? "the service"}?`}
        text="It leaves every card that shows it and every incident that names it; this cannot be undone."
        action="Delete"
        danger
        onConfirm={confirm}
      />
    </section>
  );
}
