import { useRef, useState } from "react";
import { graphql, useMutation, useRelayEnvironment } from "react-relay";
import type { BulkBarDeleteMutation } from "../../__generated__/BulkBarDeleteMutation.graphql";
import type { updateChecksMutation } from "../../__generated__/updateChecksMutation.graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { changedBy, useUndo } from "../../ui/Undo";
import { MoveToGroup } from "../check-groups/MoveToGroup";
import { updateChecks } from "./updateChecks";

type Action = { label: string; verb: string; input?: { activated?: boolean; muted?: boolean }; remove?: boolean };
const ACTIONS: Action[] = [
  { label: "Pause", verb: "pause", input: { activated: false } },
  { label: "Resume", verb: "resume", input: { activated: true } },
  { label: "Mute", verb: "mute", input: { muted: true } },
  { label: "Unmute", verb: "unmute", input: { muted: false } },
  { label: "Delete", verb: "delete", remove: true },
];

/** Actions on the selected checks, each confirmed in a modal dialog first. */
export function BulkBar({
  selected,
  total,
  onSelectAll,
  onClear,
  connections,
}: {
  selected: Set<string>;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  connections: () => string[];
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [update, updating] = useMutation<updateChecksMutation>(updateChecks);
  const environment = useRelayEnvironment();
  const undo = useUndo();
  const [remove, removing] = useMutation<BulkBarDeleteMutation>(graphql`
    mutation BulkBarDeleteMutation($ids: [ID!]!, $connections: [ID!]!) {
      deleteChecks(ids: $ids) {
        __typename
        ... on DeleteChecksSuccess {
          data {
            deletedIds @deleteEdge(connections: $connections)
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const ask = (chosen: Action) => {
    setAction(chosen);
    setOutcome(null);
    dialog.current?.showModal();
  };
  const confirm = () => {
    dialog.current?.close();
    if (!action) return;
    const ids = [...selected];
    // What the action changes, read before it: its Undo sets those checks back, and only those.
    const [field, value] = Object.entries(action.input ?? {})[0] ?? [];
    const changed = field ? changedBy(environment, ids, field as "activated" | "muted", Boolean(value)) : [];
    const done = (result: { __typename: string; message?: string }) => {
      if (result.__typename.endsWith("Success")) {
        const text = `Done: ${action.verb} ${ids.length} check${ids.length === 1 ? "" : "s"}.`;
        if (changed.length) {
          setOutcome(null);
          undo.offer(text, () =>
            update({
              variables: { ids: changed, input: { [field!]: !value } },
              onCompleted: (r) =>
                setOutcome(
                  r.updateChecks.__typename === "UpdateChecksSuccess"
                    ? `Undone: ${action.verb}.`
                    : (r.updateChecks.message ?? "Not undone."),
                ),
              onError: failed,
            }),
          );
        } else setOutcome(text);
        onClear();
      } else setOutcome(result.message ?? "The action failed; nothing was changed.");
    };
    const failed = (error: Error) => setOutcome(error.message);
    if (action.remove)
      remove({
        variables: { ids, connections: connections() },
        onCompleted: (r) => done(r.deleteChecks),
        onError: failed,
      });
    else
      update({
        variables: { ids, input: action.input ?? {} },
        onCompleted: (r) => done(r.updateChecks),
        onError: failed,
      });
  };
  const count = selected.size;
  return (
    <fieldset className="actions bulk">
      <legend className="visually-hidden">Bulk actions</legend>
      <span>
        {count} of {total} selected
      </span>
      <button type="button" onClick={onSelectAll}>
        Select all shown
      </button>
      {count ? (
        <button type="button" onClick={onClear}>
          Clear
        </button>
      ) : null}
      {ACTIONS.map((item) => (
        <button
          key={item.verb}
          type="button"
          className={item.remove ? "danger" : undefined}
          disabled={!count || updating || removing}
          onClick={() => ask(item)}
        >
          {item.label}
        </button>
      ))}
      <MoveToGroup
        ids={[...selected]}
        onDone={(text, moved) => {
          setOutcome(text);
          if (moved) onClear();
        }}
      />
      <span role="status">
        {outcome}
        {undo.element}
      </span>
      <ConfirmDialog
        dialog={dialog}
        id="bulk-confirm-title"
        title={`${action?.label ?? ""} ${count} check${count === 1 ? "" : "s"}?`}
        text={action?.remove ? "Their results go with them. This cannot be undone." : "You can undo this later."}
        action={action?.label ?? ""}
        danger={Boolean(action?.remove)}
        onConfirm={confirm}
      />
    </fieldset>
  );
}
