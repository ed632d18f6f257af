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
          cards {
            services {
              databaseId
              name
            }
          }
        }
      }
    }
  }
`;

export type PageChoice = {
  databaseId: string;
  name: string;
  /** The services its cards show (REST ids): those a window shown on it may name as affected. */
  services: { databaseId: string; name: string }[];
};

/** The account's status pages, a page of them at a time: the pages' picker and the services' one read the same. */
export function useStatusPages(query: PagePicker_query$key) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, query);
  const pages: PageChoice[] = data.statusPages.edges.map(({ node }) => ({
    databaseId: node.databaseId,
    name: node.name,
    services: node.cards.flatMap((card) => card.services.map((s) => ({ databaseId: s.databaseId, name: s.name }))),
  }));
  return { pages, more: hasNext ? () => loadNext(50) : null, isLoadingNext };
}

/** The status pages a window shows on (by their REST ids, as the window stores them), a page at a time. */
export function PagePicker({
  pages,
  chosen,
  onChange,
  error,
}: {
  pages: ReturnType<typeof useStatusPages>;
  chosen: readonly string[];
  onChange: (ids: string[], removed?: PageChoice) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? "statusPageIds-error" : undefined}>
      <legend>Shown on status pages</legend>
      {pages.pages.length === 0 ? <p className="muted">The account has no status page.</p> : null}
      {pages.pages.map((page) => (
        <label key={page.databaseId} className="inline">
          <input
            type="checkbox"
            checked={chosen.includes(page.databaseId)}
            onChange={(event) =>
              event.target.checked
                ? onChange([...chosen, page.databaseId])
                : onChange(
                    chosen.filter((id) => id !== page.databaseId),
                    page,
                  )
            }
          />{" "}
          {page.name}
        </label>
      ))}
      {pages.more ? (
        <button type="button" onClick={pages.more} disabled={pages.isLoadingNext}>
          {pages.isLoadingNext ? "Loading…" : "More status pages"}
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
