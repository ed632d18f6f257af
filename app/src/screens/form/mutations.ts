import { graphql } from "react-relay";
import type { GraphQLTaggedNode } from "relay-runtime";
import type { CheckKind } from "./values";
import { SSL_MUTATIONS } from "./sslMutations";

// The create and update mutation of each check type: GraphQL has one field per type, and a
// document's selection is static, so there are sixteen small documents. Each answers the check's
// id, or the error (a ValidationError names the fields).

const createApi = graphql`
  mutation mutationsCreateApiMutation($input: ApiCheckInput!) {
    result: createApiCheck(input: $input) {
      __typename
      ... on CreateApiCheckSuccess {
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

const updateApi = graphql`
  mutation mutationsUpdateApiMutation($id: ID!, $input: ApiCheckUpdateInput!) {
    result: updateApiCheck(id: $id, input: $input) {
      __typename
      ... on UpdateApiCheckSuccess {
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

const createUrl = graphql`
  mutation mutationsCreateUrlMutation($input: UrlCheckInput!) {
    result: createUrlCheck(input: $input) {
      __typename
      ... on CreateUrlCheckSuccess {
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

const updateUrl = graphql`
  mutation mutationsUpdateUrlMutation($id: ID!, $input: UrlCheckUpdateInput!) {
    result: updateUrlCheck(id: $id, input: $input) {
      __typename
      ... on UpdateUrlCheckSuccess {
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

const createTcp = graphql`
  mutation mutationsCreateTcpMutation($input: TcpCheckInput!) {
    result: createTcpCheck(input: $input) {
      __typename
      ... on CreateTcpCheckSuccess {
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

const updateTcp = graphql`
  mutation mutationsUpdateTcpMutation($id: ID!, $input: TcpCheckUpdateInput!) {
    result: updateTcpCheck(id: $id, input: $input) {
      __typename
      ... on UpdateTcpCheckSuccess {
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

const createDns = graphql`
  mutation mutationsCreateDnsMutation($input: DnsCheckInput!) {
    result: createDnsCheck(input: $input) {
      __typename
      ... on CreateDnsCheckSuccess {
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

const updateDns = graphql`
  mutation mutationsUpdateDnsMutation($id: ID!, $input: DnsCheckUpdateInput!) {
    result: updateDnsCheck(id: $id, input: $input) {
      __typename
      ... on UpdateDnsCheckSuccess {
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

const createIcmp = graphql`
  mutation mutationsCreateIcmpMutation($input: IcmpCheckInput!) {
    result: createIcmpCheck(input: $input) {
      __typename
      ... on CreateIcmpCheckSuccess {
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

const updateIcmp = graphql`
  mutation mutationsUpdateIcmpMutation($id: ID!, $input: IcmpCheckUpdateInput!) {
    result: updateIcmpCheck(id: $id, input: $input) {
      __typename
      ... on UpdateIcmpCheckSuccess {
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

const createHeartbeat = graphql`
  mutation mutationsCreateHeartbeatMutation($input: HeartbeatCheckInput!) {
    result: createHeartbeatCheck(input: $input) {
      __typename
      ... on CreateHeartbeatCheckSuccess {
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

const updateHeartbeat = graphql`
  mutation mutationsUpdateHeartbeatMutation($id: ID!, $input: HeartbeatCheckUpdateInput!) {
    result: updateHeartbeatCheck(id: $id, input: $input) {
      __typename
      ... on UpdateHeartbeatCheckSuccess {
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

const createBrowser = graphql`
  mutation mutationsCreateBrowserMutation($input: BrowserCheckInput!) {
    result: createBrowserCheck(input: $input) {
      __typename
      ... on CreateBrowserCheckSuccess {
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

const updateBrowser = graphql`
  mutation mutationsUpdateBrowserMutation($id: ID!, $input: BrowserCheckUpdateInput!) {
    result: updateBrowserCheck(id: $id, input: $input) {
      __typename
      ... on UpdateBrowserCheckSuccess {
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

const createMultiStep = graphql`
  mutation mutationsCreateMultiStepMutation($input: MultiStepCheckInput!) {
    result: createMultiStepCheck(input: $input) {
      __typename
      ... on CreateMultiStepCheckSuccess {
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

const updateMultiStep = graphql`
  mutation mutationsUpdateMultiStepMutation($id: ID!, $input: MultiStepCheckUpdateInput!) {
    result: updateMultiStepCheck(id: $id, input: $input) {
      __typename
      ... on UpdateMultiStepCheckSuccess {
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

/** The mutations of each check type; each answers `result`. */
export const MUTATIONS: Record<CheckKind, { create: GraphQLTaggedNode; update: GraphQLTaggedNode }> = {
  API: { create: createApi, update: updateApi },
  URL: { create: createUrl, update: updateUrl },
  TCP: { create: createTcp, update: updateTcp },
  DNS: { create: createDns, update: updateDns },
  ICMP: { create: createIcmp, update: updateIcmp },
  SSL: SSL_MUTATIONS,
  HEARTBEAT: { create: createHeartbeat, update: updateHeartbeat },
  BROWSER: { create: createBrowser, update: updateBrowser },
  MULTI_STEP: { create: createMultiStep, update: updateMultiStep },
};

/** What every one of them answers, read without the generated per-document types. */
export type MutationResult = {
  readonly result: {
    readonly __typename: string;
    readonly data?: { readonly id: string } | null;
    readonly message?: string;
    readonly fieldPaths?: readonly string[];
  };
};
