import { graphql } from "react-relay";

export const editWindowQuery = graphql`
  query EditWindowQuery($id: ID!) {
    node(id: $id) {
      ... on MaintenanceWindow @alias(as: "window") {
        id
        name
        ...EditWindow_fields @relay(mask: false)
      }
    }
    ...PagePicker_query
  }
`;

export const editWindowVariables = (params: Record<string, string>) => ({ id: params.id ?? "" });
