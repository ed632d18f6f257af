import { graphql, useFragment } from "react-relay";
import type { CheckAlerts_check$key } from "../../__generated__/CheckAlerts_check.graphql";
import { Link } from "../../router/router";
import { dateTime } from "../../ui/format";

/** The check's latest alert decisions: what was sent, and what was silenced and why. */
export function CheckAlerts({ check }: { check: CheckAlerts_check$key }) {
  const data = useFragment(
    graphql`
      fragment CheckAlerts_check on Check {
        id
        alerts(first: 10) {
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
    `,
    check,
  );
  const alerts = data.alerts.edges.map((edge) => edge.node);
  return (
    <section className="panel" aria-labelledby="alerts">
      <h2 id="alerts">Alerts</h2>
      {alerts.length === 0 ? (
        <p>No alert yet.</p>
      ) : (
        <ul className="plain">
          {alerts.map((alert) => (
            <li key={alert.databaseId}>
              {alert.alertType.replace("ALERT_", "").toLowerCase()} · {dateTime(alert.createdAt)}
              {alert.runLocation ? ` · ${alert.runLocation}` : ""}
              {alert.silenced ? " · silenced (muted or in maintenance)" : " · sent"}
              {alert.error ? <div className="muted">{alert.error}</div> : null}
            </li>
          ))}
        </ul>
      )}
      <Link to={`/notifications?check=${encodeURIComponent(data.id)}`}>Deliveries of this check's alerts</Link>
    </section>
  );
}
