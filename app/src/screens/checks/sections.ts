import { graphql } from "react-relay";

// The list's sections, one fragment each: Relay refuses one fragment spread twice on Query with
// different arguments, so "failing first" is four small fragments over the same connection.
// `all` is the single section of a list filtered by state or sorted newest first.

export const allSection = graphql`
  fragment ChecksSectionAll_query on Query
  @refetchable(queryName: "ChecksSectionAllPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    all: checks(
      first: $count
      after: $cursor
      status: $status
      search: $search
      checkType: $checkType
      tag: $tag
      activated: $activated
      groupId: $groupId
      location: $location
    ) @connection(key: "ChecksSection_all") {
          __id
          edges {
            node {
              id
              status {
                status
              }
              ...CheckRow_check
            }
          }
    }
  }
`;

export const failingSection = graphql`
  fragment ChecksSectionFailing_query on Query
  @refetchable(queryName: "ChecksSectionFailingPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    failing: checks(
      first: $count
      after: $cursor
      status: FAILING
      search: $search
      checkType: $checkType
      tag: $tag
      activated: $activated
      groupId: $groupId
      location: $location
    ) @connection(key: "ChecksSection_failing") {
          __id
          edges {
            node {
              id
              status {
                status
              }
              ...CheckRow_check
            }
          }
    }
  }
`;

export const degradedSection = graphql`
  fragment ChecksSectionDegraded_query on Query
  @refetchable(queryName: "ChecksSectionDegradedPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    degraded: checks(
      first: $count
      after: $cursor
      status: DEGRADED
      search: $search
      checkType: $checkType
      tag: $tag
      activated: $activated
      groupId: $groupId
      location: $location
    ) @connection(key: "ChecksSection_degraded") {
          __id
          edges {
            node {
              id
              status {
                status
              }
              ...CheckRow_check
            }
          }
    }
  }
`;

export const passingSection = graphql`
  fragment ChecksSectionPassing_query on Query
  @refetchable(queryName: "ChecksSectionPassingPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    passing: checks(
      first: $count
      after: $cursor
      status: PASSING
      search: $search
      checkType: $checkType
      tag: $tag
      activated: $activated
      groupId: $groupId
      location: $location
    ) @connection(key: "ChecksSection_passing") {
          __id
          edges {
            node {
              id
              status {
                status
              }
              ...CheckRow_check
            }
          }
    }
  }
`;
