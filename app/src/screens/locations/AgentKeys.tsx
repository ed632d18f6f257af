import { useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { AgentKeysDeleteMutation } from "../../__generated__/AgentKeysDeleteMutation.graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useAsk } from "../../ui/useAsk";

const remove = graphql`
  mutation AgentKeysDeleteMutation($location: ID!, $id: ID!) {
    result: deleteAgentKey(privateLocationId: $location, id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

type Key = { readonly id: string; readonly maskedKey: string };

/** A location's agent keys, masked; revoking one asks first, and its agents are refused from then on. */
export function AgentKeys({ location, keys }: { location: { id: string; name: string }; keys: readonly Key[] }) {
  const [message, setMessage] = useState("");
  const { dialog, target, ask, take } = useAsk<Key>();
  const [commit, deleting] = useMutation<AgentKeysDeleteMutation>(remove);
  const confirm = () => {
    const chosen = take();
    if (!chosen) return;
    commit({
      variables: { location: location.id, id: chosen.id },
      onCompleted: ({ result }) =>
        setMessage(result.message ?? `Revoked ${chosen.maskedKey}: agents holding it are refused.`),
      onError: (error) => setMessage(error.message),
      // The row drops the key at once: its fragment reads the location's keys from the store.
      updater: (store, response) => {
        const record = store.get(location.id);
        if (response?.result.__typename !== "DeleteAgentKeySuccess" || !record) return;
        const left = (record.getLinkedRecords("keys") ?? []).filter((key) => key?.getDataID() !== chosen.id);
        record.setLinkedRecords(left, "keys");
      },
    });
  };
  return (
    <>
      <ul className="plain" aria-label={`Keys of ${location.name}`}>
        {keys.length === 0 ? <li className="muted">No key: no agent can call in.</li> : null}
        {keys.map((key) => (
          <li key={key.id} data-testid="agent-key">
            <code>{key.maskedKey}</code>{" "}
            <button type="button" className="danger" disabled={deleting} onClick={() => ask(key)}>
              Revoke {key.maskedKey}…
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className="muted">
        {message}
      </p>
      <ConfirmDialog
        dialog={dialog}
        id={`revoke-agent-key-${location.id}`}
        title={`Revoke ${target?.maskedKey ?? "the key"}?`}
        text="Agents holding it are refused from their next call. This cannot be undone."
        action="Revoke"
        danger
        onConfirm={confirm}
      />
    </>
  );
}
