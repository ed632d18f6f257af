import { graphql } from "react-relay";
import type { ChecksListQuery$variables } from "../../__generated__/ChecksListQuery.graphql";

// The checks list's query and its variables from the URL (loaded as navigation happens).

export const checksListQuery = graphql`
  query ChecksListQuery(
    $search: String
    $status: CheckStatusValue
    $checkType: CheckType
    $tag: [String!]
    $activated: Boolean
    $groupId: ID
    $location: String
    $from: DateTime!
    $to: DateTime!
    $byState: Boolean!
  ) {
    checkGroups(first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
    checkCounts {
      total
    }
    ...ChecksSectionAll_query @alias(as: "sectionAll") @skip(if: $byState)
    ...ChecksSectionFailing_query @alias(as: "sectionFailing") @include(if: $byState)
    ...ChecksSectionDegraded_query @alias(as: "sectionDegraded") @include(if: $byState)
    ...ChecksSectionPassing_query @alias(as: "sectionPassing") @include(if: $byState)
  }
`;

/** The list's variables from the URL: filters and sort live in the query string. */
export function checksListVariables(
  _params: Record<string, string>,
  search: URLSearchParams,
): ChecksListQuery$variables {
  const to = new Date();
  const status = search.get("status");
  const activated = search.get("activated");
  return {
    search: search.get("q") || null,
    status: status === "FAILING" || status === "DEGRADED" || status === "PASSING" ? status : null,
    checkType: (search.get("type") as ChecksListQuery$variables["checkType"]) || null,
    tag: search.getAll("tag").filter(Boolean).length ? search.getAll("tag").filter(Boolean) : null,
    activated: activated === "true" ? true : activated === "false" ? false : null,
    groupId: search.get("group") || null,
    location: search.get("location") || null,
    from: new Date(to.getTime() - 86_400_000).toISOString(),
    to: to.toISOString(),
    // Failing first (then degraded, then passing), unless one state is asked for or the newest first.
    byState: !status && search.get("sort") !== "newest",
  };
}
