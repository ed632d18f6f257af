import { graphql, useFragment } from "react-relay";
import type { AttentionRow_check$key } from "../../__generated__/AttentionRow_check.graphql";
import { Link } from "../../router/router";
import { ago } from "../../ui/format";
import { lastError } from "../../ui/lastError";
import { StateBadge } from "../../ui/StateBadge";

/** A failing or degraded check: since when, where, and why (its latest result). */
export function AttentionRow({ check }: { check: AttentionRow_check$key }) {
  const data = useFragment(
    graphql`
      fragment AttentionRow_check on Check {
        id
        name
        checkType
        status {
          status
          statusSince
          lastRunLocation
        }
        results(first: 1) {
          edges {
            node {
              runLocation
              ...lastError_result
            }
          }
        }
      }
    `,
    check,
  );
  const latest = data.results.edges[0]?.node;
  const error = lastError(latest);
  return (
    <li>
      <div>
        <StateBadge state={data.status.status} /> <Link to={`/checks/${encodeURIComponent(data.id)}`}>{data.name}</Link>{" "}
        <span className="muted">{data.checkType}</span>
      </div>
      <div className="muted">
        Since {ago(data.status.statusSince)} · {latest?.runLocation ?? data.status.lastRunLocation ?? "no location yet"}
      </div>
      {error ? <div className="error">Last error: {error}</div> : null}
    </li>
  );
}
