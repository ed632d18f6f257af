import { graphql } from "react-relay";
import { localToIso } from "../maintenance/zones";
import type { ReportingQuery$variables, ReportingRange } from "../../__generated__/ReportingQuery.graphql";

export const reportingQuery = graphql`
  query ReportingQuery(
    $range: ReportingRange
    $from: DateTime
    $to: DateTime
    $tags: [String!]
    $timezone: String
  ) {
    reporting(range: $range, from: $from, to: $to, filterByTags: $tags, timezone: $timezone) {
      checkId
      name
      checkType
      deactivated
      tags
      aggregate {
        successRatio
        avg
        p95
        p99
      }
    }
    # Badges of groups too, found on the server as the person types.
    ...GroupSearch_query
  }
`;

export const RANGES: { value: ReportingRange; label: string }[] = [
  { value: "LAST_24_HRS", label: "Last 24 hours" },
  { value: "LAST_7_DAYS", label: "Last 7 days" },
  { value: "LAST_30_DAYS", label: "Last 30 days" },
  { value: "THIS_WEEK", label: "This week" },
  { value: "THIS_MONTH", label: "This month" },
  { value: "LAST_WEEK", label: "Last week" },
  { value: "LAST_MONTH", label: "Last month" },
];

/** A zone name this browser knows (the select offers only those; a hand-edited URL may not). */
export function knownZone(zone: string | null): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** A custom window's bound from the URL: a date's midnight in the report's zone (UTC by default), or nothing. */
const day = (value: string | null, zone: string) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? localToIso(`${value}T00:00`, zone) : null;

/** The report's variables from the URL (?range=, or ?from=&to= as dates; ?tag= repeated; ?tz= its zone). */
export function reportingVariables(_params: Record<string, string>, search: URLSearchParams): ReportingQuery$variables {
  const range = RANGES.find((r) => r.value === search.get("range"))?.value ?? null;
  const zone = knownZone(search.get("tz")) ?? "UTC";
  const [from, to] = [day(search.get("from"), zone), day(search.get("to"), zone)];
  const tags = search.getAll("tag").filter(Boolean);
  return {
    range: from && to ? null : range,
    from: from && to ? from : null,
    to: from && to ? to : null,
    tags: tags.length ? tags : null,
    // Days, weeks and months (presets and buckets) are the zone's, as /v1/reporting's timezone.
    timezone: zone,
  };
}
