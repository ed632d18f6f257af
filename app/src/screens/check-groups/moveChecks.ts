import { graphql } from "react-relay";

/** Moves checks into a group (or, with groupId null, out of theirs): the group's screen and the checks list's bulk bar. */
export const moveChecks = graphql`
  mutation moveChecksMutation($ids: [ID!]!, $groupId: ID) {
    updateChecks(ids: $ids, input: { groupId: $groupId }) {
      __typename
      ... on UpdateChecksSuccess {
        data {
          id
          group {
            id
            name
          }
          inheritedSettings
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
