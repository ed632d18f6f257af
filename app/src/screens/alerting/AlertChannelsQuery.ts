import { graphql } from "react-relay";

export const alertChannelsQuery = graphql`
  query AlertChannelsQuery {
    ...AlertChannelsList_query
  }
`;
