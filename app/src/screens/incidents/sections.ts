import { graphql } from "react-relay";

// Two fragments over Query.incidents: Relay refuses one fragment spread twice with different
// arguments, so "open first" is the open connection, then the resolved one.

export const openSection = graphql`
  fragment IncidentsListOpen_query on Query
  @refetchable(queryName: "IncidentsListOpenPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    open: incidents(first: $count, after: $cursor, open: true) @connection(key: "IncidentsListOpen__open") {
      edges {
        node {
          id
          ...IncidentRow_incident
        }
      }
    }
  }
`;

export const resolvedSection = graphql`
  fragment IncidentsListResolved_query on Query
  @refetchable(queryName: "IncidentsListResolvedPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    resolved: incidents(first: $count, after: $cursor, open: false) @connection(key: "IncidentsListResolved__resolved") {
      edges {
        node {
          id
          ...IncidentRow_incident
        }
      }
    }
  }
`;
