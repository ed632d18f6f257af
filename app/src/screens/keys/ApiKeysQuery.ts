import { graphql } from "react-relay";

export const apiKeysQuery = graphql`
  query ApiKeysQuery {
    session {
      apiKeyId
    }
    ...ApiKeysList_query
  }
`;
