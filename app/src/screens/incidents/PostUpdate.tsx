import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { PostUpdateMutation } from "../../__generated__/PostUpdateMutation.graphql";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { type Status, UpdateFields, type UpdateValues } from "./UpdateFields";

const post = graphql`
  mutation PostUpdateMutation($incidentId: ID!, $input: IncidentUpdateInput!, $connections: [ID!]!) {
    result: addIncidentUpdate(incidentId: $incidentId, input: $input) {
      __typename
      ... on AddIncidentUpdateSuccess {
        data @prependNode(connections: $connections, edgeTypeName: "IncidentUpdateEdge") {
          ...IncidentTimeline_entry @relay(mask: false)
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

/** Posts the next update of an incident with its status; "Resolve" posts it as RESOLVED. */
export function PostUpdate({ incidentId, connection }: { incidentId: string; connection: string }) {
  const [values, setValues] = useState<UpdateValues>({ status: "IDENTIFIED", description: "", notify: false });
  const set = (change: Partial<UpdateValues>) => setValues((v) => ({ ...v, ...change }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState("");
  const [commit, saving] = useMutation<PostUpdateMutation>(post);

  const send = (as: Status) => {
    setErrors({});
    setDone("");
    commit({
      variables: {
        incidentId,
        connections: [connection],
        input: { description: values.description, status: as, notifySubscribers: values.notify },
      },
      onCompleted: ({ result }) => {
        if (result.__typename === "AddIncidentUpdateSuccess") {
          set({ description: "" });
          setDone(as === "RESOLVED" ? "Resolved." : "Update posted.");
          return;
        }
        setErrors(fieldErrors(result as never, (path) => path.split(".").pop() ?? path, "The update was not posted."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(values.status);
  };
  return (
    <section className="panel" aria-labelledby="post-update">
      <h2 id="post-update">Post an update</h2>
      <form className="form" onSubmit={submit} noValidate>
        <FormError text={errors.form} />
        <UpdateFields prefix="update-" label="Update" values={values} set={set} errors={errors} />
        <div className="actions">
          <button type="submit" className="primary" disabled={saving}>
            Post the update
          </button>
          <button type="button" disabled={saving} onClick={() => send("RESOLVED")}>
            Resolve with this update
          </button>
          <span role="status" className="muted">
            {done}
          </span>
        </div>
      </form>
    </section>
  );
}
