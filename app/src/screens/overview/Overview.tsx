import type { ReactNode } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { OverviewQuery } from "../../__generated__/OverviewQuery.graphql";
import { useRefetch } from "../../relay/useRefetchOnEvents";
import { useLiveSubscription, useRereadOnReconnect } from "../../relay/useLiveSubscription";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { ago, dateTime } from "../../ui/format";
import { AttentionRow } from "./AttentionRow";

export const overviewQuery = graphql`
  query OverviewQuery {
    checkCounts {
      total
      passing
      degraded
      failing
      paused
    }
    failing: checks(first: 50, status: FAILING, activated: true) {
      edges {
        node {
          id
          ...AttentionRow_check
        }
      }
    }
    degraded: checks(first: 50, status: DEGRADED, activated: true) {
      edges {
        node {
          id
          ...AttentionRow_check
        }
      }
    }
    incidents(first: 50, open: true) {
      edges {
        node {
          id
          name
          severity
          lastUpdateStatus
          createdAt
        }
      }
    }
    ongoingMaintenanceWindows(first: 20) {
      id
      name
      endsAt
    }
  }
`;

const statusChanged = graphql`
  subscription OverviewStatusChangedSubscription {
    checkStatusChanged {
      checkId
      status
    }
  }
`;

const incidentChanges = graphql`
  subscription OverviewIncidentSubscription {
    incidentChanged {
      id
    }
  }
`;

const COUNTS = [
  { key: "failing", label: "Failing", state: "FAILING", filter: "?status=FAILING&activated=true" },
  { key: "degraded", label: "Degraded", state: "DEGRADED", filter: "?status=DEGRADED&activated=true" },
  { key: "passing", label: "Passing", state: "PASSING", filter: "?status=PASSING&activated=true" },
  { key: "paused", label: "Paused", state: "PAUSED", filter: "?activated=false" },
] as const;

/** A titled list, or a sentence when it is empty. */
function ListPanel({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length === 0 ? <p>{empty}</p> : <ul className="plain">{children}</ul>}
    </section>
  );
}

/** The home page: counts by state, what needs attention, open incidents, ongoing maintenance; live. */
export function Overview({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<OverviewQuery>(overviewQuery, queryRef as PreloadedQuery<OverviewQuery>);
  const reread = useRefetch(overviewQuery, {});
  useLiveSubscription({ subscription: statusChanged, variables: {}, onNext: reread }, "overview");
  useLiveSubscription({ subscription: incidentChanges, variables: {}, onNext: reread }, "overview-incidents");
  useRereadOnReconnect(reread);
  const attention = [...data.failing.edges, ...data.degraded.edges];
  // The server keeps only open incidents (in SQL), so none is missed behind newer resolved ones.
  const open = data.incidents.edges;
  // The server picks the windows running now among all of them (not a first page filtered here).
  const maintenance = data.ongoingMaintenanceWindows;
  return (
    <>
      <h1>Overview</h1>
      <section aria-label="Checks by state" className="counts">
        {COUNTS.map((count) => (
          <Link key={count.key} to={`/checks${count.filter}`} className={`count state-${count.state}`}>
            <strong data-testid={`count-${count.key}`}>{data.checkCounts[count.key]}</strong>
            {count.label}
          </Link>
        ))}
      </section>
      <section className="panel" aria-labelledby="attention">
        <h2 id="attention">Needs attention</h2>
        {attention.length === 0 ? (
          <p>
            {data.checkCounts.total === 0 ? (
              <>
                No checks yet. <Link to="/checks/new">Create your first check</Link>.
              </>
            ) : (
              "✓ Nothing is failing or degraded."
            )}
          </p>
        ) : (
          <ul className="plain">
            {attention.map((edge) => (
              <AttentionRow key={edge.node.id} check={edge.node} />
            ))}
          </ul>
        )}
      </section>
      <ListPanel id="incidents" title="Open incidents" empty="No open incident.">
        {open.map(({ node }) => (
          <li key={node.id}>
            <strong>{node.name}</strong> · {node.severity} · {node.lastUpdateStatus} · opened {ago(node.createdAt)}
          </li>
        ))}
      </ListPanel>
      <ListPanel id="maintenance" title="Ongoing maintenance" empty="No maintenance running.">
        {maintenance.map((node) => (
          <li key={node.id}>
            <strong>{node.name}</strong> · window ends {dateTime(node.endsAt)}
          </li>
        ))}
      </ListPanel>
    </>
  );
}
