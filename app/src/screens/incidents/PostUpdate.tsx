import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { PostUpdateMutation } from "../../__generated__/PostUpdateMutation.graphql";
import { fieldErrors } from "../../ui/fieldErrors";
import { Field } from "../form/Field";
import { STATUSES, statusLabel } from "./badges";

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

type Status = (typeof STATUSES)[number];

/** Posts the next update of an incident with its status; "Resolve" posts it as RESOLVED. */
export function PostUpdate({ incidentId, connection }: { incidentId: string; connection: string }) {
  const [description, setDescription] = useState("");
  const [status, setStatus] = useState<Status>("IDENTIFIED");
  const [notify, setNotify] = useState(false);
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
        input: { description, status: as, notifySubscribers: notify },
      },
      onCompleted: ({ result }) => {
        if (result.__typename === "AddIncidentUpdateSuccess") {
          setDescription("");
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
    send(status);
  };
  return (
    <section className="panel" aria-labelledby="post-update">
      <h2 id="post-update">Post an update</h2>
      <form className="form" onSubmit={submit} noValidate>
        {errors.form ? (
          <p role="alert" className="error">
            {errors.form}
          </p>
        ) : null}
        <Field id="update-status" label="Status" error={errors.status}>
          {(props) => (
            <select {...props} value={status} onChange={(event) => setStatus(event.target.value as Status)}>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {statusLabel(value)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="update-description" label="Update" error={errors.description}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <label className="inline">
          <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} /> Notify the
          pages' subscribers
        </label>
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
