import { graphql, usePaginationFragment } from "react-relay";
import type { GroupSearch_query$key } from "../../__generated__/GroupSearch_query.graphql";
import { SearchPicker, type SearchOption } from "../../ui/SearchPicker";
import { useServerSearch } from "./useServerSearch";

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
  id,
  by,
  chosen,
  onChoose,
}: {
  query: GroupSearch_query$key;
  id: string;
  by: "id" | "databaseId";
  chosen: string;
  onChoose: (option: SearchOption) => void;
}) {
  const page = usePaginationFragment(fragment, query);
  const search = useServerSearch(page);
  return (
    <SearchPicker
      id={id}
      label="Find a group"
      legend="Groups"
      noun="groups"
      {...search}
      options={page.data.checkGroups.edges.map(({ node }) => ({ value: String(node[by]), label: node.name }))}
      chosen={chosen}
      onChoose={onChoose}
    />
  );
}
