import { graphql } from "react-relay";

// The group's settings, its checks (a page at a time, each with what it inherits), and the
// account's checks to move in.
export const groupDetailQuery = graphql`
  query GroupDetailQuery($id: ID!) {
    node(id: $id) {
      ... on CheckGroup @alias(as: "group") {
        id
        name
        ...EditGroup_fields @relay(mask: false)
        ...GroupChecks_group
      }
    }
    ...AddChecks_query
  }
`;
