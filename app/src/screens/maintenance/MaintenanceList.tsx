import { graphql, type PreloadedQuery, usePaginationFragment, usePreloadedQuery } from "react-relay";
import type { MaintenanceList_windows$key } from "../../__generated__/MaintenanceList_windows.graphql";
import type { MaintenanceListQuery } from "../../__generated__/MaintenanceListQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { maintenanceListQuery } from "./MaintenanceListQuery";
import { maintenanceStatusLabel, OccurrenceTimes } from "./OccurrenceTimes";
import { describeWindow } from "./summary";

const PAGE_SIZE = 25;

const windows = graphql`
  fragment MaintenanceList_windows on Query
  @refetchable(queryName: "MaintenanceListPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }) {
    maintenanceWindows(first: $count, after: $cursor) @connection(key: "MaintenanceList__maintenanceWindows") {
      edges {
        node {
          id
          name
          timezone
          activeNow
          repeatUnit
          repeatInterval
          tags
          pauseAllChecks
          silenceAlertsTags
          silenceAllAlerts
        }
      }
    }
  }
`;

const windowPath = (id: string) => `/maintenance/${encodeURIComponent(id)}`;

function Windows({ query }: { query: MaintenanceList_windows$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(windows, query);
  const edges = data.maintenanceWindows.edges;
  return (
    <section className="panel" aria-labelledby="windows">
      <h2 id="windows">Windows</h2>
      {edges.length === 0 ? <p>No maintenance window yet.</p> : null}
      <ul className="plain">
        {edges.map(({ node }) => (
          <li key={node.id} data-testid="window-row">
            <Link to={windowPath(node.id)}>
              <strong>{node.name}</strong>
            </Link>
            {node.activeNow ? <span className="badge DEGRADED"> In progress</span> : null}
            <br />
            <span className="muted">
              {describeWindow(node)} · {node.timezone ?? "UTC"}
            </span>
          </li>
        ))}
      </ul>
      {hasNext ? (
        <button type="button" onClick={() => loadNext(PAGE_SIZE)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : "More windows"}
        </button>
      ) : null}
    </section>
  );
}

/** Maintenance: what is coming in the next 30 days across windows, then the windows themselves. */
export function MaintenanceList({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<MaintenanceListQuery>(
    maintenanceListQuery,
    queryRef as PreloadedQuery<MaintenanceListQuery>,
  );
  const coming = data.maintenances.filter((m) => m.window);
  return (
    <>
      <div className="actions">
        <h1>Maintenance</h1>
        <Link to="/maintenance/new" className="button primary">
          Schedule maintenance
        </Link>
      </div>
      <section className="panel" aria-labelledby="coming">
        <h2 id="coming">Coming in the next 30 days</h2>
        {coming.length === 0 ? <p>Nothing scheduled.</p> : null}
        <ol className="plain">
          {coming.map((m) => (
            <li key={m.id} data-testid="calendar-entry" data-status={m.status}>
              <Link to={windowPath(m.window!.id)}>{m.window!.name}</Link>{" "}
              <span className="muted">
                {maintenanceStatusLabel(m.status)}
                {m.moved ? " · moved" : ""}
              </span>
              <OccurrenceTimes startsAt={m.startsAt} endsAt={m.endsAt} zone={m.window!.timezone ?? "UTC"} />
            </li>
          ))}
        </ol>
      </section>
      <Windows query={data} />
    </>
  );
}
