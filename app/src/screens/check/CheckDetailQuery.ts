import { graphql } from "react-relay";
import type { CheckDetailQuery$variables } from "../../__generated__/CheckDetailQuery.graphql";

// A check's screen: its query, the chart's ranges, and the variables from the URL.

export const checkDetailQuery = graphql`
  query CheckDetailQuery(
    $id: ID!
    $now: DateTime!
    $d1: DateTime!
    $d7: DateTime!
    $d30: DateTime!
    $d90: DateTime!
    $chartFrom: DateTime!
    $interval: SeriesInterval!
  ) {
    node(id: $id) {
      ... on Check @alias(as: "check") {
        id
        databaseId
        name
        checkType
        activated
        muted
        frequency
        locations
        tags
        createdAt
        status {
          status
          statusSince
          lastRunLocation
        }
        day: runStats(from: $d1, to: $now) {
          runs
          successRatio
        }
        week: runStats(from: $d7, to: $now) {
          runs
          successRatio
        }
        month: runStats(from: $d30, to: $now) {
          runs
          successRatio
        }
        quarter: runStats(from: $d90, to: $now) {
          runs
          successRatio
        }
        ... on ApiCheck {
          request {
            method
            url
          }
        }
        ...CheckActions_check
        ...ResponseChart_check @arguments(from: $chartFrom, to: $now, interval: $interval)
        ...ResultsLog_check
        ...HeartbeatInfo_check
        ...CheckAlerts_check
      }
    }
  }
`;

export const RANGES: Record<string, { ms: number; interval: "HOUR" | "DAY"; label: string }> = {
  "24h": { ms: 86_400_000, interval: "HOUR", label: "24 hours" },
  "7d": { ms: 7 * 86_400_000, interval: "HOUR", label: "7 days" },
  "30d": { ms: 30 * 86_400_000, interval: "DAY", label: "30 days" },
  "90d": { ms: 90 * 86_400_000, interval: "DAY", label: "90 days" },
};

export function checkDetailVariables(
  params: Record<string, string>,
  search: URLSearchParams,
): CheckDetailQuery$variables {
  const now = Date.now();
  const at = (days: number) => new Date(now - days * 86_400_000).toISOString();
  const range = RANGES[search.get("range") ?? "24h"] ?? RANGES["24h"]!;
  return {
    id: params.id ?? "",
    now: new Date(now).toISOString(),
    d1: at(1),
    d7: at(7),
    d30: at(30),
    d90: at(90),
    chartFrom: new Date(now - range.ms).toISOString(),
    interval: range.interval,
  };
}
