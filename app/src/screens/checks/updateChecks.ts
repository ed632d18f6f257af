import { graphql } from "react-relay";

/** Pause, resume, mute or unmute checks (the list's bulk actions and a check's own buttons). */
export const updateChecks = graphql`
  mutation updateChecksMutation($ids: [ID!]!, $input: BulkCheckUpdateInput!) {
    updateChecks(ids: $ids, input: $input) {
      __typename
      ... on UpdateChecksSuccess {
        data {
          id
          activated
          muted
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
