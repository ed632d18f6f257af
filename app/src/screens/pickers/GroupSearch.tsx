import { graphql, usePaginationFragment } from "react-relay";
import type { GroupSearch_query$key } from "../../__generated__/GroupSearch_query.graphql";
import { type PickerProps, ServerSearch } from "./ServerSearch";

const fragment = graphql`
  fragment GroupSearch_query on Query
  @refetchable(queryName: "GroupSearchPaginationQuery")
  @argumentDefinitions(
    count: { type: "Int", defaultValue: 20 }
    cursor: { type: "String" }
    search: { type: "String" }
  ) {
    checkGroups(first: $count, after: $cursor, search: $search)
      @connection(key: "GroupSearch_checkGroups", filters: ["search"]) {
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

/**
 * One of the account's check groups, found by part of its name on the server. `by`: the option's
 * value is the group's global id (GraphQL arguments) or its REST id (badge addresses).
 */
export function GroupSearch({
  query,
  by,
  ...props
}: PickerProps & { query: GroupSearch_query$key; by: "id" | "databaseId" }) {
  const page = usePaginationFragment(fragment, query);
  const options = page.data.checkGroups.edges.map(({ node }) => ({ value: String(node[by]), label: node.name }));
  return <ServerSearch {...props} page={page} options={options} label="Find a group" legend="Groups" noun="groups" />;
}
