import { graphql, usePaginationFragment } from "react-relay";
import type { CheckSearch_query$key } from "../../__generated__/CheckSearch_query.graphql";
import { SearchPicker, type SearchOption } from "../../ui/SearchPicker";
import { useServerSearch } from "./useServerSearch";

const fragment = graphql`
  fragment CheckSearch_query on Query
  @refetchable(queryName: "CheckSearchPaginationQuery")
  @argumentDefinitions(
    count: { type: "Int", defaultValue: 20 }
    cursor: { type: "String" }
    search: { type: "String" }
  ) {
    checks(first: $count, after: $cursor, search: $search) @connection(key: "CheckSearch_checks", filters: ["search"]) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

/** One of the account's checks, found by part of its name on the server (any number of checks). */
export function CheckSearch({
  query,
  id,
  chosen,
  onChoose,
}: {
  query: CheckSearch_query$key;
  id: string;
  chosen: string;
  onChoose: (option: SearchOption) => void;
}) {
  const page = usePaginationFragment(fragment, query);
  const search = useServerSearch(page);
  return (
    <SearchPicker
      id={id}
      label="Find a check"
      legend="Checks"
      noun="checks"
      {...search}
      options={page.data.checks.edges.map(({ node }) => ({ value: node.id, label: node.name }))}
      chosen={chosen}
      onChoose={onChoose}
    />
  );
}
