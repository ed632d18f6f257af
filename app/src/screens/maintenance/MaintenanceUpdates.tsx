import { useRef, useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { MaintenanceUpdates_maintenance$key } from "../../__generated__/MaintenanceUpdates_maintenance.graphql";
import type { MaintenanceUpdatesDeleteMutation } from "../../__generated__/MaintenanceUpdatesDeleteMutation.graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { dateTime } from "../../ui/format";
import { maintenanceStatusLabel } from "./OccurrenceTimes";
import { UpdateForm } from "./UpdateForm";

const fragment = graphql`
  fragment MaintenanceUpdates_maintenance on Maintenance {
    id
    status
    updates {
      id
      status
      description
      notifySubscribers
      createdAt
    }
  }
`;

const remove = graphql`
  mutation MaintenanceUpdatesDeleteMutation($id: ID!) {
    result: deleteMaintenanceUpdate(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** An occurrence's updates (newest first, as its status pages show them): post, edit, delete. */
export function MaintenanceUpdates({ maintenance }: { maintenance: MaintenanceUpdates_maintenance$key }) {
  const m = useFragment(fragment, maintenance);
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const [outcome, setOutcome] = useState("");
  const [commitDelete] = useMutation<MaintenanceUpdatesDeleteMutation>(remove);
  const key = m.id.replace(/\W/g, "");
  const confirmDelete = () => {
    dialog.current?.close();
    const id = target;
    if (!id) return;
    commitDelete({
      variables: { id },
      updater: (store, response) => {
        if (response?.result.__typename !== "DeleteMaintenanceUpdateSuccess") return;
        const record = store.get(m.id);
        const left = (record?.getLinkedRecords("updates") ?? []).filter((u) => u?.getDataID() !== id);
        record?.setLinkedRecords(left, "updates");
      },
      onCompleted: ({ result }) =>
        setOutcome(result.__typename.endsWith("Success") ? "Update deleted." : (result.message ?? "")),
      onError: (error) => setOutcome(error.message),
    });
  };
  return (
    <div className="updates">
      <h3 className="visually-hidden">Updates</h3>
      <ol className="plain" aria-label="Updates">
        {m.updates.map((u) =>
          editing === u.id ? (
            <li key={u.id}>
              <UpdateForm maintenanceId={m.id} update={u} idPrefix={`edit-${key}-`} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={u.id} data-testid="maintenance-update">
              <strong>{maintenanceStatusLabel(u.status)}</strong>{" "}
              <time dateTime={u.createdAt} className="muted">
                {dateTime(u.createdAt)}
              </time>
              {u.notifySubscribers ? <span className="muted"> · subscribers notified</span> : null}
              <p className="update-text">{u.description}</p>
              <div className="actions">
                <button type="button" onClick={() => setEditing(u.id)}>
                  Edit update
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    setTarget(u.id);
                    dialog.current?.showModal();
                  }}
                >
                  Delete update…
                </button>
              </div>
            </li>
          ),
        )}
      </ol>
      {posting ? (
        <UpdateForm maintenanceId={m.id} idPrefix={`post-${key}-`} onDone={() => setPosting(false)} />
      ) : (
        <button type="button" onClick={() => setPosting(true)}>
          Post an update
        </button>
      )}
      <span role="status" className="muted">
        {outcome}
      </span>
      <ConfirmDialog
        dialog={dialog}
        id={`delete-update-${key}`}
        title="Delete this update?"
        text="It leaves the status pages that show the maintenance; this cannot be undone."
        action="Delete"
        danger
        onConfirm={confirmDelete}
      />
    </div>
  );
}
