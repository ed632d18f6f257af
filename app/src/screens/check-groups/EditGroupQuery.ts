import { graphql } from "react-relay";

export const editGroupQuery = graphql`
  query EditGroupQuery($id: ID!) {
    node(id: $id) {
      ... on CheckGroup @alias(as: "group") {
        id
        ...EditGroup_fields @relay(mask: false)
      }
    }
    ...GroupForm_options
  }
`;

export const groupVariables = (params: Record<string, string>) => ({ id: params.id ?? "" });
