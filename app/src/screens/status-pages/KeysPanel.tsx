import { startTransition, useState } from "react";
import { graphql, useMutation, useRefetchableFragment } from "react-relay";
import type { KeysPanel_page$key } from "../../__generated__/KeysPanel_page.graphql";
import type { KeysPanelCreateMutation } from "../../__generated__/KeysPanelCreateMutation.graphql";
import type { KeysPanelDeleteMutation } from "../../__generated__/KeysPanelDeleteMutation.graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { dateTime } from "../../ui/format";
import { ShownOnce } from "../../ui/ShownOnce";
import { useAsk } from "../../ui/useAsk";

const fragment = graphql`
  fragment KeysPanel_page on StatusPage @refetchable(queryName: "KeysPanelRefetchQuery") {
    id
    isPrivate
    keys {
      id
      maskedKey
      createdAt
    }
  }
`;

const create = graphql`
  mutation KeysPanelCreateMutation($id: ID!) {
    result: createStatusPageKey(statusPageId: $id) {
      __typename
      ... on CreateStatusPageKeySuccess {
        data {
          key
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const remove = graphql`
  mutation KeysPanelDeleteMutation($id: ID!, $keyId: ID!) {
    result: deleteStatusPageKey(statusPageId: $id, keyId: $keyId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** The keys that open a private page, masked; a new one is shown here once (only its hash is kept). */
export function KeysPanel({ page }: { page: KeysPanel_page$key }) {
  const [data, refetch] = useRefetchableFragment(fragment, page);
  const [shown, setShown] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const { dialog, target, ask, take } = useAsk<{ id: string; maskedKey: string }>();
  const [commitCreate, creating] = useMutation<KeysPanelCreateMutation>(create);
  const [commitDelete, deleting] = useMutation<KeysPanelDeleteMutation>(remove);
  // In a transition: the panel keeps showing (the new key too) while the list is re-read.
  const reread = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: "network-only" });
    });
  const make = () => {
    setShown(null);
    commitCreate({
      variables: { id: data.id },
      onCompleted: ({ result }) => {
        if (!result.data) return setMessage(result.message ?? "The key was not made.");
        setShown(result.data.key);
        setMessage("");
        reread();
      },
      onError: (error) => setMessage(error.message),
    });
  };
  const confirm = () => {
    const chosen = take();
    if (!chosen) return;
    commitDelete({
      variables: { id: data.id, keyId: chosen.id },
      onCompleted: ({ result }) => {
        setMessage(result.message ?? `Revoked ${chosen.maskedKey}: it opens the page no more.`);
        reread();
      },
      onError: (error) => setMessage(error.message),
    });
  };
  return (
    <section className="panel" aria-labelledby="page-keys">
      <h2 id="page-keys">Keys</h2>
      <p className="muted">
        {data.isPrivate
          ? "The page is private: it opens only with one of these keys (?key=, or its key form)."
          : "The page is public: keys matter once it is made private."}
      </p>
      <p role="status" className="muted">
        {message}
      </p>
      <ul className="plain">
        {(data.keys ?? []).map((key) => (
          <li key={key.id} data-testid="page-key">
            <code>{key.maskedKey}</code> <span className="muted">made {dateTime(key.createdAt)}</span>{" "}
            <button type="button" className="danger" disabled={deleting} onClick={() => ask(key)}>
              Revoke {key.maskedKey}…
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={make} disabled={creating}>
        Make a key
      </button>
      <ShownOnce secret={shown} id="new-page-key" />
      <ConfirmDialog
        dialog={dialog}
        id="revoke-page-key"
        title={`Revoke ${target?.maskedKey ?? "the key"}?`}
        text="Visitors holding it are refused from their next request; this cannot be undone."
        action="Revoke"
        danger
        onConfirm={confirm}
      />
    </section>
  );
}
