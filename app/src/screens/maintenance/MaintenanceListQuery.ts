import { graphql } from "react-relay";

// The calendar of the next 30 days (all windows' occurrences, by the server's clock) and the
// windows, server-paginated.
export const maintenanceListQuery = graphql`
  query MaintenanceListQuery {
    maintenances {
      id
      startsAt
      endsAt
      status
      moved
      window {
        id
        name
        timezone
      }
    }
    ...MaintenanceList_windows
  }
`;
