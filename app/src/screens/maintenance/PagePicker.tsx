import { graphql, usePaginationFragment } from "react-relay";
import type { PagePicker_query$key } from "../../__generated__/PagePicker_query.graphql";

const fragment = graphql`
  fragment PagePicker_query on Query
  @refetchable(queryName: "PagePickerPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    statusPages(first: $count, after: $cursor) @connection(key: "PagePicker__statusPages") {
      edges {
        node {
          id
          databaseId
          name
        }
      }
    }
  }
`;

/** The status pages a window shows on (by their REST ids, as the window stores them), a page at a time. */
export function PagePicker({
  query,
  chosen,
  onChange,
  error,
}: {
  query: PagePicker_query$key;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, query);
  const edges = data.statusPages.edges;
  return (
    <fieldset aria-describedby={error ? "statusPageIds-error" : undefined}>
      <legend>Shown on status pages</legend>
      {edges.length === 0 ? <p className="muted">The account has no status page.</p> : null}
      {edges.map(({ node }) => (
        <label key={node.id} className="inline">
          <input
            type="checkbox"
            checked={chosen.includes(node.databaseId)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...chosen, node.databaseId] : chosen.filter((id) => id !== node.databaseId),
              )
            }
          />{" "}
          {node.name}
        </label>
      ))}
      {hasNext ? (
        <button type="button" onClick={() => loadNext(50)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : "More status pages"}
        </button>
      ) : null}
      {error ? (
        <small id="statusPageIds-error" className="field-error" data-testid="error-statusPageIds">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}
