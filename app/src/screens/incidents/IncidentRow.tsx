import { graphql, useFragment } from "react-relay";
import type { IncidentRow_incident$key } from "../../__generated__/IncidentRow_incident.graphql";
import { Link } from "../../router/router";
import { ago, dateTime } from "../../ui/format";
import { IncidentStatusBadge, SeverityBadge } from "./badges";

const fragment = graphql`
  fragment IncidentRow_incident on Incident {
    id
    name
    severity
    lastUpdateStatus
    createdAt
    services {
      id
      name
    }
  }
`;

/** One incident of the list: its name (the link), severity, status in words, services, age. */
export function IncidentRow({ incident }: { incident: IncidentRow_incident$key }) {
  const data = useFragment(fragment, incident);
  return (
    <li data-testid="incident-row" data-status={data.lastUpdateStatus}>
      <Link to={`/incidents/${encodeURIComponent(data.id)}`}>
        <strong>{data.name}</strong>
      </Link>{" "}
      <SeverityBadge severity={data.severity} /> <IncidentStatusBadge status={data.lastUpdateStatus} />
      <br />
      <span className="muted">
        {data.services.map((service) => service.name).join(", ") || "no service"} · opened{" "}
        <time dateTime={data.createdAt} title={dateTime(data.createdAt)}>
          {ago(data.createdAt)}
        </time>
      </span>
    </li>
  );
}
