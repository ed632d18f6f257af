import { graphql } from "react-relay";

// Occurrences without a range: the server's defaults (30 days back to 90 ahead) by the server's
// clock, the one that made them.
export const windowDetailQuery = graphql`
  query WindowDetailQuery($id: ID!) {
    node(id: $id) {
      ... on MaintenanceWindow @alias(as: "window") {
        id
        name
        description
        timezone
        activeNow
        ...EditWindow_fields @relay(mask: false)
        maintenances {
          id
          status
          ...Occurrence_maintenance
        }
      }
    }
  }
`;

export const windowDetailVariables = (params: Record<string, string>) => ({ id: params.id ?? "" });
