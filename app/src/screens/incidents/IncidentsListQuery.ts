import { graphql } from "react-relay";

// The incidents list's query (loaded as navigation happens): open incidents first, then resolved
// ones, each its own server-paginated connection.

export const incidentsListQuery = graphql`
  query IncidentsListQuery {
    ...IncidentsListOpen_query
    ...IncidentsListResolved_query
  }
`;
