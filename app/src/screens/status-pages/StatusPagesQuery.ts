import { graphql } from "react-relay";

// The status pages screen's query (loaded as navigation happens): the pages and the account's
// services, each its own server-paginated connection.

export const statusPagesQuery = graphql`
  query StatusPagesQuery {
    ...StatusPagesList_query
    ...ServicesPanel_query
  }
`;

export const pagesSection = graphql`
  fragment StatusPagesList_query on Query
  @refetchable(queryName: "StatusPagesListPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    statusPages(first: $count, after: $cursor) @connection(key: "StatusPagesList__statusPages") {
      edges {
        node {
          id
          name
          url
          isPrivate
          customDomain
          cards {
            services {
              id
            }
          }
        }
      }
    }
  }
`;
