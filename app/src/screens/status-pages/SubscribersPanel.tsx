import { startTransition, useState } from "react";
import { graphql, useMutation, usePaginationFragment } from "react-relay";
import type { SubscribersPanel_page$key } from "../../__generated__/SubscribersPanel_page.graphql";
import type { SubscribersPanelDeleteMutation } from "../../__generated__/SubscribersPanelDeleteMutation.graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { dateTime } from "../../ui/format";
import { useAsk } from "../../ui/useAsk";
import { AddSubscribers } from "./AddSubscribers";

const fragment = graphql`
  fragment SubscribersPanel_page on StatusPage
  @refetchable(queryName: "SubscribersPanelPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    id
    subscriptionConnection(first: $count, after: $cursor) @connection(key: "SubscribersPanel__subscriptionConnection") {
      edges {
        node {
          id
          address
          type
          status
          createdAt
        }
      }
    }
  }
`;
const remove = graphql`
  mutation SubscribersPanelDeleteMutation($id: ID!, $subscriptionId: ID!) {
    result: deleteStatusPageSubscription(statusPageId: $id, id: $subscriptionId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

const STATE = { PENDING: "Waiting for confirmation", VERIFIED: "Confirmed: notified" } as Record<string, string>;

/** Who is told of the page's incidents and maintenance (newest first, a page at a time), each with its state; add, remove. */
export function SubscribersPanel({ page }: { page: SubscribersPanel_page$key }) {
  const { data, refetch, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, page);
  const [message, setMessage] = useState("");
  const { dialog, target, ask, take } = useAsk<{ id: string; address: string }>();
  const [commit, deleting] = useMutation<SubscribersPanelDeleteMutation>(remove);
  const subscribers = (data.subscriptionConnection?.edges ?? []).map((edge) => edge.node);
  const reread = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: "network-only" });
    });
  const confirm = () => {
    const chosen = take();
    if (!chosen) return;
    commit({
      variables: { id: data.id, subscriptionId: chosen.id },
      onCompleted: ({ result }) => {
        setMessage(result.message ?? `Removed ${chosen.address}.`);
        reread();
      },
      onError: (error) => setMessage(error.message),
    });
  };
  return (
    <section className="panel" aria-labelledby="page-subscribers">
      <h2 id="page-subscribers">Subscribers</h2>
      <p role="status" className="muted">
        {message}
      </p>
      {subscribers.length === 0 ? <p>No one yet: visitors subscribe on the page.</p> : null}
      <ul className="plain">
        {subscribers.map((subscriber) => (
          <li key={subscriber.id} data-testid="subscriber" data-status={subscriber.status}>
            <strong>{subscriber.address}</strong>{" "}
            <span className="muted">{subscriber.type === "EMAIL" ? "email" : "webhook"}</span>
            {" · "}
            {STATE[subscriber.status] ?? subscriber.status}
            <span className="muted"> · since {dateTime(subscriber.createdAt)}</span>{" "}
            <button type="button" className="danger" disabled={deleting} onClick={() => ask(subscriber)}>
              Remove {subscriber.address}…
            </button>
          </li>
        ))}
      </ul>
      <AddSubscribers
        pageId={data.id}
        onAdded={(text) => {
          setMessage(text);
          reread();
        }}
      />
      {hasNext ? (
        <button type="button" onClick={() => loadNext(25)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : "More subscribers"}
        </button>
      ) : null}
      <ConfirmDialog
        dialog={dialog}
        id="remove-subscriber"
        title={`Remove ${target?.address ?? "the subscriber"}?`}
        text="They are told nothing more of this page; this cannot be undone."
        action="Remove"
        danger
        onConfirm={confirm}
      />
    </section>
  );
}
