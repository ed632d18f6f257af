import { graphql, usePaginationFragment } from "react-relay";
import type { IncidentTimeline_incident$key } from "../../__generated__/IncidentTimeline_incident.graphql";
import type { IncidentTimelineUpdateSubscription } from "../../__generated__/IncidentTimelineUpdateSubscription.graphql";
import { useLiveSubscription } from "../../relay/useLiveSubscription";
import { dateTime } from "../../ui/format";
import { IncidentStatusBadge } from "./badges";
import { PostUpdate } from "./PostUpdate";

const fragment = graphql`
  fragment IncidentTimeline_incident on Incident
  @refetchable(queryName: "IncidentTimelinePaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
    id
    updates(first: $count, after: $cursor) @connection(key: "IncidentTimeline__updates") {
      __id
      edges {
        node {
          ...IncidentTimeline_entry @relay(mask: false)
        }
      }
    }
  }
`;

// What one entry shows; the subscription and the post-update mutation ask for the same.
graphql`
  fragment IncidentTimeline_entry on IncidentUpdate {
    id
    status
    description
    publicIncidentUpdateDate
    notifySubscribers
    incident {
      id
      lastUpdateStatus
      duration
      updatedAt
    }
  }
`;

// Each update posted by anyone (this browser, another person, REST, the engine) is put at the top
// of the timeline as it comes: no re-read of the incident.
const added = graphql`
  subscription IncidentTimelineUpdateSubscription($id: ID!, $connections: [ID!]!) {
    incidentUpdateAdded(incidentId: $id) @prependNode(connections: $connections, edgeTypeName: "IncidentUpdateEdge") {
      ...IncidentTimeline_entry @relay(mask: false)
    }
  }
`;

/** An incident's updates, newest first, a page at a time, live; with the form to post the next one. */
export function IncidentTimeline({ incident }: { incident: IncidentTimeline_incident$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, incident);
  const connection = data.updates.__id;
  useLiveSubscription<IncidentTimelineUpdateSubscription>(
    { subscription: added, variables: { id: data.id, connections: [connection] } },
    `${data.id}:${connection}`,
  );
  return (
    <>
      <PostUpdate incidentId={data.id} connection={connection} />
      <section className="panel" aria-labelledby="timeline">
        <h2 id="timeline">Timeline</h2>
        <ol className="plain" data-testid="timeline" aria-live="polite">
          {data.updates.edges.map(({ node }) => (
            <li key={node.id} data-testid="timeline-entry">
              <IncidentStatusBadge status={node.status} />{" "}
              <time dateTime={node.publicIncidentUpdateDate} className="muted">
                {dateTime(node.publicIncidentUpdateDate)}
              </time>
              {node.notifySubscribers ? <span className="muted"> · subscribers notified</span> : null}
              <p className="update-text">{node.description}</p>
            </li>
          ))}
        </ol>
        {hasNext ? (
          <button type="button" onClick={() => loadNext(20)} disabled={isLoadingNext}>
            {isLoadingNext ? "Loading…" : "Older updates"}
          </button>
        ) : null}
      </section>
    </>
  );
}
