import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { CheckActions_check$key } from "../../__generated__/CheckActions_check.graphql";
import type { CheckActionsRunMutation } from "../../__generated__/CheckActionsRunMutation.graphql";
import type { updateChecksMutation } from "../../__generated__/updateChecksMutation.graphql";
import { Link } from "../../router/router";
import { DeleteAction } from "../../ui/DeleteAction";
import { useUndo } from "../../ui/Undo";
import { SessionProgress } from "./SessionProgress";
import { updateChecks } from "../checks/updateChecks";

const remove = graphql`
  mutation CheckActionsDeleteMutation($id: ID!) {
    result: deleteCheck(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** Run now (with the session's progress), pause or resume, edit, clone, delete. */
export function CheckActions({ check }: { check: CheckActions_check$key }) {
  const data = useFragment(
    graphql`
      fragment CheckActions_check on Check {
        id
        name
        checkType
        activated
        muted
      }
    `,
    check,
  );
  const [session, setSession] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [run, running] = useMutation<CheckActionsRunMutation>(graphql`
    mutation CheckActionsRunMutation($ids: [ID!]!) {
      triggerCheckSessions(target: { checkIds: $ids }) {
        __typename
        ... on TriggerCheckSessionsSuccess {
          data {
            id
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [update, updating] = useMutation<updateChecksMutation>(updateChecks);
  const runNow = () =>
    run({
      variables: { ids: [data.id] },
      onCompleted: ({ triggerCheckSessions: r }) => {
        const started = r.__typename === "TriggerCheckSessionsSuccess" ? r.data?.[0]?.id : undefined;
        setSession(started ?? null);
        setMessage(started ? null : (r.message ?? "The check could not be started."));
      },
      onError: (error) => setMessage(error.message),
    });
  const undo = useUndo();
  // Pause, resume, mute, unmute: each offers its Undo (the previous value, set back through the API) for 10 s.
  const set = (field: "activated" | "muted", value: boolean, done: string, back = true) =>
    update({
      variables: { ids: [data.id], input: { [field]: value } },
      onCompleted: ({ updateChecks: r }) => {
        setMessage(r.__typename === "UpdateChecksSuccess" ? null : (r.message ?? null));
        if (back && r.__typename === "UpdateChecksSuccess") undo.offer(done, () => set(field, !value, "", false));
      },
      onError: (error) => setMessage(error.message),
    });
  const toggle = () => set("activated", !data.activated, data.activated ? "Paused." : "Resumed.");
  return (
    <>
      <div className="actions">
        {data.checkType === "HEARTBEAT" ? null : (
          <button type="button" className="primary" onClick={runNow} disabled={running}>
            Run now
          </button>
        )}
        <button type="button" onClick={toggle} disabled={updating}>
          {data.activated ? "Pause" : "Resume"}
        </button>
        <button
          type="button"
          onClick={() => set("muted", !data.muted, data.muted ? "Unmuted." : "Muted.")}
          disabled={updating}
        >
          {data.muted ? "Unmute" : "Mute"}
        </button>
        <Link to={`/checks/${encodeURIComponent(data.id)}/edit`}>Edit</Link>
        <Link to={`/checks/new?from=${encodeURIComponent(data.id)}`}>Clone</Link>
        <DeleteAction
          mutation={remove}
          id={data.id}
          after="/checks"
          label="Delete"
          dialogId="delete-title"
          title={`Delete ${data.name}?`}
          text="Its results go with it. This cannot be undone."
        />
      </div>
      <p role="status">{undo.element}</p>
      {message ? (
        <p role="alert" className="error">
          {message}
        </p>
      ) : null}
      {session ? <SessionProgress id={session} checkId={data.id} /> : null}
    </>
  );
}
