import { useRef, useState } from "react";
import { graphql, type PreloadedQuery, useMutation, usePaginationFragment, usePreloadedQuery } from "react-relay";
import type { ApiKeysList_query$key } from "../../__generated__/ApiKeysList_query.graphql";
import type { ApiKeysQuery } from "../../__generated__/ApiKeysQuery.graphql";
import type { ApiKeysRevokeMutation } from "../../__generated__/ApiKeysRevokeMutation.graphql";
import type { ScreenProps } from "../../routes";
import { navigate } from "../../router/router";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ago, dateTime } from "../../ui/format";
import { apiKeysQuery } from "./ApiKeysQuery";
import { NewKey } from "./NewKey";

const list = graphql`
  fragment ApiKeysList_query on Query
  @refetchable(queryName: "ApiKeysListPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    viewer {
      apiKeyConnection(first: $count, after: $cursor) @connection(key: "ApiKeysList__apiKeyConnection") {
        __id
        edges {
          node {
            ...ApiKeyItem_key @relay(mask: false)
          }
        }
      }
    }
  }
`;

graphql`
  fragment ApiKeyItem_key on ApiKey {
    id
    name
    maskedKey
    createdAt
    lastUsedAt
  }
`;

const revoke = graphql`
  mutation ApiKeysRevokeMutation($id: ID!, $connections: [ID!]!) {
    result: revokeApiKey(id: $id) {
      __typename
      ... on RevokeApiKeySuccess {
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

type Key = { id: string; name: string | null | undefined; maskedKey: string };

/** The account's keys, masked, a page at a time; make one (shown once) or revoke one (its sessions end). */
export function ApiKeys({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<ApiKeysQuery>(apiKeysQuery, queryRef as PreloadedQuery<ApiKeysQuery>);
  const page = usePaginationFragment(list, data as ApiKeysList_query$key);
  const connection = page.data.viewer.apiKeyConnection;
  const own = data.session?.apiKeyId ?? null;
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<Key | null>(null);
  const [message, setMessage] = useState("");
  const [commit, revoking] = useMutation<ApiKeysRevokeMutation>(revoke);
  const ask = (key: Key) => {
    setTarget(key);
    setMessage("");
    dialog.current?.showModal();
  };
  const confirm = () => {
    const key = target;
    dialog.current?.close();
    if (!key) return;
    commit({
      variables: { id: key.id, connections: [connection.__id] },
      onCompleted: ({ result }) => {
        if (result.__typename !== "RevokeApiKeySuccess")
          return setMessage(result.message ?? "The key was not revoked.");
        if (key.id === own) return navigate("/sign-in");
        setMessage(`Revoked ${key.name ?? key.maskedKey}: it opens nothing from now on.`);
      },
      onError: (error) => setMessage(error.message),
    });
  };
  const label = (key: Key) => key.name ?? key.maskedKey;
  return (
    <>
      <h1>API keys</h1>
      <NewKey connection={connection.__id} />
      <section className="panel" aria-labelledby="keys">
        <h2 id="keys">Keys that open the account</h2>
        <p role="status" className="muted">
          {message}
        </p>
        <ul className="plain">
          {connection.edges.map(({ node }) => (
            <li key={node.id} data-testid="api-key-row">
              <strong>{node.name ?? "Unnamed key"}</strong> <code>{node.maskedKey}</code>
              {node.id === own ? <span className="muted"> · this browser signed in with it</span> : null}
              <br />
              <span className="muted">
                made {dateTime(node.createdAt)} · last used {ago(node.lastUsedAt)}
              </span>{" "}
              <button type="button" className="danger" disabled={revoking} onClick={() => ask(node)}>
                Revoke {label(node)}…
              </button>
            </li>
          ))}
        </ul>
        {page.hasNext ? (
          <button type="button" onClick={() => page.loadNext(25)} disabled={page.isLoadingNext}>
            {page.isLoadingNext ? "Loading…" : "More keys"}
          </button>
        ) : null}
      </section>
      <ConfirmDialog
        dialog={dialog}
        id="revoke-key"
        title={`Revoke ${target ? label(target) : "the key"}?`}
        text={
          target?.id === own
            ? "This browser signed in with it: you will be signed out. Every request and session using it is refused from now on."
            : "Every request and session using it is refused from now on, on every instance; this cannot be undone."
        }
        action="Revoke"
        danger
        onConfirm={confirm}
      />
    </>
  );
}
