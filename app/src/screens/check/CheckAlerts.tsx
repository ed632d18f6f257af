import { graphql, usePaginationFragment } from "react-relay";
import type { CheckAlerts_check$key } from "../../__generated__/CheckAlerts_check.graphql";
import { Link } from "../../router/router";
import { dateTime } from "../../ui/format";

const fragment = graphql`
  fragment CheckAlerts_check on Check
  @refetchable(queryName: "CheckAlertsPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
    id
    alerts(first: $count, after: $cursor) @connection(key: "CheckAlerts_alerts") {
      edges {
        node {
          databaseId
          alertType
          createdAt
          runLocation
          error
          silenced
        }
      }
    }
  }
`;

/** The check's alert decisions, newest first, a page at a time: what was sent, and what was silenced and why. */
export function CheckAlerts({ check }: { check: CheckAlerts_check$key }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(fragment, check);
  const alerts = data.alerts.edges.map((edge) => edge.node);
  return (
    <section className="panel" aria-labelledby="alerts">
      <h2 id="alerts">Alerts</h2>
      {alerts.length === 0 ? (
        <p>No alert yet.</p>
      ) : (
        <ul className="plain">
          {alerts.map((alert) => (
            <li key={alert.databaseId} data-testid="check-alert">
              {alert.alertType.replace("ALERT_", "").toLowerCase()} · {dateTime(alert.createdAt)}
              {alert.runLocation ? ` · ${alert.runLocation}` : ""}
              {alert.silenced ? " · silenced (muted or in maintenance)" : " · sent"}
              {alert.error ? <div className="muted">{alert.error}</div> : null}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        {hasNext ? (
          <button type="button" onClick={() => loadNext(10)} disabled={isLoadingNext}>
            {isLoadingNext ? "Loading…" : "Older alerts"}
          </button>
        ) : null}
        <Link to={`/notifications?check=${encodeURIComponent(data.id)}`}>Deliveries of this check's alerts</Link>
      </div>
    </section>
  );
}
