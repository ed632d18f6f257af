import { useState } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { ServiceChooser_query$key } from "../../__generated__/ServiceChooser_query.graphql";
import type { CardService } from "./values";

const fragment = graphql`
  fragment ServiceChooser_query on Query
  @refetchable(queryName: "ServiceChooserPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    services(first: $count, after: $cursor) @connection(key: "ServiceChooser__services") {
      edges {
        node {
          id
          name
          state
        }
      }
    }
  }
`;

/** Adds one of the account's services (a page at a time from the server) to a card. */
export function ServiceChooser({
  id,
  query,
  chosen,
  onAdd,
}: {
  id: string;
  query: ServiceChooser_query$key;
  chosen: readonly CardService[];
  onAdd: (service: CardService) => void;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, query);
  const left = data.services.edges.map(({ node }) => node).filter((node) => !chosen.some((s) => s.id === node.id));
  const [picked, setPicked] = useState("");
  const add = () => {
    const service = left.find((node) => node.id === picked) ?? left[0];
    if (service) onAdd({ id: service.id, name: service.name, state: service.state });
    setPicked("");
  };
  return (
    <div className="actions">
      <label htmlFor={id}>Service to add</label>
      <select id={id} value={picked} onChange={(event) => setPicked(event.target.value)} disabled={!left.length}>
        {left.length ? null : <option value="">No other service</option>}
        {left.map((node) => (
          <option key={node.id} value={node.id}>
            {node.name}
          </option>
        ))}
      </select>
      <button type="button" onClick={add} disabled={!left.length}>
        Add to the card
      </button>
      {hasNext ? (
        <button type="button" onClick={() => loadNext(50)} disabled={isLoadingNext}>
          More services
        </button>
      ) : null}
    </div>
  );
}
