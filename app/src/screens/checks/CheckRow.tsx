import { memo } from "react";
import { graphql, useFragment } from "react-relay";
import type { CheckRow_check$key } from "../../__generated__/CheckRow_check.graphql";
import { Link } from "../../router/router";
import { ago, ms, percent } from "../../ui/format";
import { StateBadge, stateOf } from "../../ui/StateBadge";
import { ResultStrip } from "./ResultStrip";

/**
 * One row of the checks list. Its data is normalized by the check's id, so a status or result
 * event that selects this fragment updates the row in place, wherever it is in the list.
 */
// Memoized: Relay keeps an unchanged row's fragment reference, so loading the next page or an
// event for one row re-renders that row alone, not the whole list.
export const CheckRow = memo(function CheckRow({
  check,
  selected,
  onToggle,
}: {
  check: CheckRow_check$key;
  selected: boolean;
  onToggle: (id: string) => void;
}) {
  const data = useFragment(
    graphql`
      fragment CheckRow_check on Check {
        id
        name
        checkType
        activated
        muted
        tags
        status {
          status
          statusSince
        }
        results(first: 20) {
          edges {
            node {
              ...ResultStrip_results
            }
          }
        }
        day: runStats(from: $from, to: $to) {
          runs
          successRatio
          p50
        }
      }
    `,
    check,
  );
  const state = stateOf(data.status.status, data.activated);
  return (
    <tr data-testid="check-row" data-state={state}>
      <td>
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggle(data.id)}
          aria-label={`Select ${data.name}`}
        />
      </td>
      <td>
        <StateBadge state={state} />
        {data.muted ? <span className="muted"> · 🔕 muted</span> : null}
        <div className="muted hide-narrow">
          {data.status.statusSince ? `since ${ago(data.status.statusSince)}` : ""}
        </div>
      </td>
      <td>
        <Link to={`/checks/${encodeURIComponent(data.id)}`}>{data.name}</Link>
        <div className="muted">
          {data.checkType}
          {data.tags.length ? ` · ${data.tags.join(", ")}` : ""}
        </div>
      </td>
      <td className="hide-narrow">
        <ResultStrip results={data.results.edges.map((edge) => edge.node)} />
      </td>
      <td className="hide-narrow">{ms(data.day.p50)}</td>
      <td>{percent(data.day.successRatio, data.day.runs)}</td>
    </tr>
  );
});
