import { useRef, useState } from "react";
import { graphql, type PreloadedQuery, useMutation, usePaginationFragment, usePreloadedQuery } from "react-relay";
import type { LocationsDeleteMutation } from "../../__generated__/LocationsDeleteMutation.graphql";
import type { LocationsList_query$key } from "../../__generated__/LocationsList_query.graphql";
import type { LocationsQuery } from "../../__generated__/LocationsQuery.graphql";
import { useRefetch } from "../../relay/useRefetchOnEvents";
import { useLiveSubscription, useRereadOnReconnect } from "../../relay/useLiveSubscription";
import type { ScreenProps } from "../../routes";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { LocationRow } from "./LocationRow";
import { locationsQuery } from "./LocationsQuery";
import { NewLocation } from "./NewLocation";

const PAGE_SIZE = 25;

const list = graphql`
  fragment LocationsList_query on Query
  @refetchable(queryName: "LocationsListPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    privateLocations(first: $count, after: $cursor) @connection(key: "LocationsList_privateLocations") {
      __id
      edges {
        node {
          id
          ...LocationRow_location
        }
      }
    }
  }
`;

// Each agent's call-in (claims) moves its location's last seen, agents and queue, and so does an agent
// leaving (its connection closed, or silent for 2 minutes): the store takes them by id.
const changed = graphql`
  subscription LocationsChangedSubscription {
    privateLocationChanged {
      ...LocationRow_location
    }
  }
`;

const remove = graphql`
  mutation LocationsDeleteMutation($id: ID!, $connections: [ID!]!) {
    result: deletePrivateLocation(id: $id) {
      __typename
      ... on DeletePrivateLocationSuccess {
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

/** The account's private locations, a page at a time, with their agents live. */
export function Locations({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<LocationsQuery>(locationsQuery, queryRef as PreloadedQuery<LocationsQuery>);
  const page = usePaginationFragment(list, data as LocationsList_query$key);
  const connection = page.data.privateLocations;
  const reread = useRefetch(locationsQuery, {});
  useLiveSubscription({ subscription: changed, variables: {} }, "private-locations");
  useRereadOnReconnect(reread);
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const [message, setMessage] = useState("");
  const [commit] = useMutation<LocationsDeleteMutation>(remove);
  const ask = (location: { id: string; name: string }) => {
    setTarget(location);
    setMessage("");
    dialog.current?.showModal();
  };
  const confirm = () => {
    dialog.current?.close();
    if (!target) return;
    commit({
      variables: { id: target.id, connections: [connection.__id] },
      onCompleted: ({ result }) =>
        setMessage(
          result.__typename === "DeletePrivateLocationSuccess"
            ? `Deleted ${target.name}: its keys open nothing from now on.`
            : (result.message ?? "The location was not deleted."),
        ),
      onError: (error) => setMessage(error.message),
    });
  };
  return (
    <>
      <h1>Private locations</h1>
      <NewLocation connection={connection.__id} />
      <section className="panel" aria-labelledby="locations">
        <h2 id="locations">Locations</h2>
        <p role="status" className="muted" data-testid="locations-message">
          {message}
        </p>
        {connection.edges.length === 0 ? <p>None yet.</p> : null}
        <ul className="plain">
          {connection.edges.map(({ node }) => (
            <LocationRow key={node.id} location={node} onDelete={ask} />
          ))}
        </ul>
        {page.hasNext ? (
          <button type="button" onClick={() => page.loadNext(PAGE_SIZE)} disabled={page.isLoadingNext}>
            {page.isLoadingNext ? "Loading…" : "More locations"}
          </button>
        ) : null}
      </section>
      <ConfirmDialog
        dialog={dialog}
        id="delete-location"
        title={`Delete ${target?.name ?? "the location"}?`}
        text="Its keys stop working and its agents are turned away. A location that checks or groups still name cannot be deleted."
        action="Delete"
        danger
        onConfirm={confirm}
      />
    </>
  );
}
