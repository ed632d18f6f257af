import { graphql, usePaginationFragment } from "react-relay";
import type { CheckSearch_query$key } from "../../__generated__/CheckSearch_query.graphql";
import { type PickerProps, ServerSearch } from "./ServerSearch";

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
export function CheckSearch({ query, ...props }: PickerProps & { query: CheckSearch_query$key }) {
  const page = usePaginationFragment(fragment, query);
  const options = page.data.checks.edges.map(({ node }) => ({ value: node.id, label: node.name }));
  return <ServerSearch {...props} page={page} options={options} label="Find a check" legend="Checks" noun="checks" />;
}
