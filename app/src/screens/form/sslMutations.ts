import { graphql } from "react-relay";

// SSL monitors' create and update, beside the other types' in mutations.ts; same answer shape.
const create = graphql`
  mutation sslMutationsCreateMutation($input: SslCheckInput!) {
    result: createSslCheck(input: $input) {
      __typename
      ... on CreateSslCheckSuccess {
        data {
          id
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fieldPaths
      }
    }
  }
`;

const update = graphql`
  mutation sslMutationsUpdateMutation($id: ID!, $input: SslCheckUpdateInput!) {
    result: updateSslCheck(id: $id, input: $input) {
      __typename
      ... on UpdateSslCheckSuccess {
        data {
          id
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fieldPaths
      }
    }
  }
`;

export const SSL_MUTATIONS = { create, update };
