import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { IncidentDetailQuery } from "../../__generated__/IncidentDetailQuery.graphql";
import { useRefetch } from "../../relay/useRefetchOnEvents";
import { useLiveSubscription, useRereadOnReconnect } from "../../relay/useLiveSubscription";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { DeleteAction } from "../../ui/DeleteAction";
import { ago, dateTime } from "../../ui/format";
import { IncidentStatusBadge, SeverityBadge } from "./badges";
import { incidentDetailQuery } from "./IncidentDetailQuery";
import { IncidentTimeline } from "./IncidentTimeline";

// Name, severity, services and status of an incident changed anywhere: the store takes them by id.
const changed = graphql`
  subscription IncidentDetailChangedSubscription {
    incidentChanged {
      id
      name
      severity
      lastUpdateStatus
      duration
      services {
        id
        name
      }
    }
  }
`;

const remove = graphql`
  mutation IncidentDetailDeleteMutation($id: ID!) {
    result: deleteIncident(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** One incident: its state, where it shows, its live timeline, and the form to post the next update. */
export function IncidentDetail({ queryRef }: ScreenProps) {
  const ref = queryRef as PreloadedQuery<IncidentDetailQuery>;
  const data = usePreloadedQuery<IncidentDetailQuery>(incidentDetailQuery, ref);
  const reread = useRefetch(incidentDetailQuery, ref.variables);
  useLiveSubscription({ subscription: changed, variables: {} }, "incident-changed");
  useRereadOnReconnect(reread);
  const incident = data.node?.incident;
  if (!incident)
    return (
      <section className="panel">
        <h1>Incident not found</h1>
        <p>
          It may have been deleted. <Link to="/incidents">Back to the incidents</Link>
        </p>
      </section>
    );
  return (
    <>
      <p>
        <Link to="/incidents">← Incidents</Link>
      </p>
      <h1>{incident.name}</h1>
      <section className="panel" aria-label="State">
        <p data-testid="incident-status">
          <IncidentStatusBadge status={incident.lastUpdateStatus} /> · <SeverityBadge severity={incident.severity} /> ·
          opened {ago(incident.createdAt)} ({dateTime(incident.createdAt)})
          {incident.duration != null ? ` · lasted ${Math.round(incident.duration / 60)} min` : ""}
        </p>
        <p className="muted">Services: {incident.services.map((service) => service.name).join(", ")}</p>
        <h2>On status pages</h2>
        {incident.statusPages?.length ? (
          <ul data-testid="incident-pages">
            {incident.statusPages.map((page) => (
              <li key={page.id}>
                <a href={`/status/${encodeURIComponent(page.url)}/incidents/${incident.databaseId}`}>
                  How it looks on {page.name}
                </a>
                {page.isPrivate ? <span className="muted"> (private: opens with one of its keys)</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>No status page shows its services.</p>
        )}
        <div className="actions">
          <DeleteAction
            mutation={remove}
            id={incident.id}
            after="/incidents"
            dialogId="delete-incident"
            title={`Delete ${incident.name}?`}
            text="The incident and its updates leave every status page; this cannot be undone."
          />
        </div>
      </section>
      <IncidentTimeline incident={incident} />
    </>
  );
}
