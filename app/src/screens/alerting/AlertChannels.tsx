import { useRef, useState } from "react";
import { graphql, type PreloadedQuery, useMutation, usePaginationFragment, usePreloadedQuery } from "react-relay";
import type { AlertChannelsDeleteMutation } from "../../__generated__/AlertChannelsDeleteMutation.graphql";
import type { AlertChannelsList_query$key } from "../../__generated__/AlertChannelsList_query.graphql";
import type { AlertChannelsQuery } from "../../__generated__/AlertChannelsQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { alertChannelsQuery } from "./AlertChannelsQuery";
import { ChannelRow } from "./ChannelRow";

const list = graphql`
  fragment AlertChannelsList_query on Query
  @refetchable(queryName: "AlertChannelsListPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    alertChannels(first: $count, after: $cursor) @connection(key: "AlertChannelsList__alertChannels") {
      __id
      edges {
        node {
          id
          ...ChannelRow_channel
        }
      }
    }
  }
`;

const remove = graphql`
  mutation AlertChannelsDeleteMutation($id: ID!, $connections: [ID!]!) {
    result: deleteAlertChannel(id: $id) {
      __typename
      ... on DeleteAlertChannelSuccess {
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

/** The account's alert channels, a page at a time: Send test on each, delete after asking. */
export function AlertChannels({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<AlertChannelsQuery>(
    alertChannelsQuery,
    queryRef as PreloadedQuery<AlertChannelsQuery>,
  );
  const page = usePaginationFragment(list, data as AlertChannelsList_query$key);
  const connection = page.data.alertChannels;
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<{ id: string; label: string } | null>(null);
  const [message, setMessage] = useState("");
  const [commit] = useMutation<AlertChannelsDeleteMutation>(remove);
  const confirm = () => {
    dialog.current?.close();
    if (!target) return;
    commit({
      variables: { id: target.id, connections: [connection.__id] },
      onCompleted: ({ result }) =>
        setMessage(
          result.__typename === "DeleteAlertChannelSuccess" ? `Deleted ${target.label}.` : (result.message ?? ""),
        ),
      onError: (error) => setMessage(error.message),
    });
  };
  return (
    <>
      <div className="actions">
        <h1>Alert channels</h1>
        <Link to="/alert-channels/new">New channel</Link>
      </div>
      <section className="panel" aria-labelledby="channels">
        <h2 id="channels">Where alerts go</h2>
        <p role="status" className="muted">
          {message}
        </p>
        {connection.edges.length === 0 ? <p>No channel yet: alerts reach nobody.</p> : null}
        <ul className="plain">
          {connection.edges.map(({ node }) => (
            <ChannelRow
              key={node.id}
              channel={node}
              onDelete={(id, label) => {
                setTarget({ id, label });
                setMessage("");
                dialog.current?.showModal();
              }}
            />
          ))}
        </ul>
        {page.hasNext ? (
          <button type="button" onClick={() => page.loadNext(25)} disabled={page.isLoadingNext}>
            {page.isLoadingNext ? "Loading…" : "More channels"}
          </button>
        ) : null}
      </section>
      <ConfirmDialog
        dialog={dialog}
        id="delete-channel"
        title={`Delete the ${target?.label ?? "channel"}?`}
        text="Its checks and groups stop sending alerts to it; this cannot be undone."
        action="Delete"
        danger
        onConfirm={confirm}
      />
    </>
  );
}
