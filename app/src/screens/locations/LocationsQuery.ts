import { graphql } from "react-relay";

export const locationsQuery = graphql`
  query LocationsQuery {
    ...LocationsList_query
  }
`;
