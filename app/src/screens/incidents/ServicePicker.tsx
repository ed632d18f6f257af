import { graphql, usePaginationFragment } from "react-relay";
import type { ServicePicker_query$key } from "../../__generated__/ServicePicker_query.graphql";

const fragment = graphql`
  fragment ServicePicker_query on Query
  @refetchable(queryName: "ServicePickerPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    services(first: $count, after: $cursor) @connection(key: "ServicePicker__services") {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

/** The account's services as checkboxes, a page at a time from the server. */
export function ServicePicker({
  query,
  chosen,
  onChange,
  error,
}: {
  query: ServicePicker_query$key;
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, query);
  const edges = data.services.edges;
  return (
    <fieldset aria-describedby={error ? "services-error" : undefined}>
      <legend>Affected services</legend>
      {edges.length === 0 ? <p>The account has no service yet: create one with a status page first.</p> : null}
      {edges.map(({ node }) => (
        <label key={node.id} className="inline">
          <input
            type="checkbox"
            checked={chosen.includes(node.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, node.id] : chosen.filter((id) => id !== node.id))
            }
          />{" "}
          {node.name}
        </label>
      ))}
      {hasNext ? (
        <button type="button" onClick={() => loadNext(50)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : "More services"}
        </button>
      ) : null}
      {error ? (
        <small id="services-error" className="field-error" data-testid="error-services">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}
