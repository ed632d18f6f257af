import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { WindowDetailQuery } from "../../__generated__/WindowDetailQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { DeleteAction } from "../../ui/DeleteAction";
import { Occurrence } from "./Occurrence";
import { describeWindow } from "./summary";
import { windowDetailQuery } from "./WindowDetailQuery";
import { browserZone } from "./zones";

const remove = graphql`
  mutation WindowDetailDeleteMutation($id: ID!) {
    result: deleteMaintenanceWindow(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** A window: its rule, where it shows, and the calendar of its occurrences with their updates. */
export function WindowDetail({ queryRef }: ScreenProps) {
  const ref = queryRef as PreloadedQuery<WindowDetailQuery>;
  const data = usePreloadedQuery<WindowDetailQuery>(windowDetailQuery, ref);
  const window = data.node?.window;
  if (!window)
    return (
      <section className="panel">
        <h1>Maintenance window not found</h1>
        <p>
          It may have been deleted. <Link to="/maintenance">Back to maintenance</Link>
        </p>
      </section>
    );
  const zone = window.timezone ?? "UTC";
  const coming = window.maintenances.filter((m) => m.status !== "COMPLETED");
  const pages = window.statusPageVisibility?.enabled ? window.statusPageVisibility.statusPageIds.length : 0;
  return (
    <>
      <p>
        <Link to="/maintenance">← Maintenance</Link>
      </p>
      <h1>{window.name}</h1>
      <section className="panel" aria-label="Rule">
        <p data-testid="window-rule">
          {describeWindow(window)} · in {zone}
          {window.activeNow ? " · in progress now" : ""}
        </p>
        <p className="muted">
          {pages ? `Shown on ${pages} status page${pages === 1 ? "" : "s"}` : "Not shown on status pages"}
          {window.statusPageVisibility?.notifyOnStart ? " · subscribers told at the start" : ""}
          {window.statusPageVisibility?.notifyOnEnd ? " · subscribers told at the end" : ""}
        </p>
        {window.description ? <p>{window.description}</p> : null}
        <div className="actions">
          <Link to={`/maintenance/${encodeURIComponent(window.id)}/edit`} className="button">
            Edit
          </Link>
          <DeleteAction
            mutation={remove}
            id={window.id}
            after="/maintenance"
            dialogId="delete-window"
            title={`Delete ${window.name}?`}
            text="Its occurrences and their updates go with it; checks are no longer paused or silenced by it."
          />
        </div>
      </section>
      <section className="panel" aria-labelledby="occurrences">
        <h2 id="occurrences">Occurrences</h2>
        <p className="muted">
          Times in the window's zone ({zone}){browserZone() === zone ? "" : ` and in yours (${browserZone()})`}; made up
          to 90 days ahead.
        </p>
        {coming.length === 0 ? <p>No occurrence in the next 90 days.</p> : null}
        <ol className="plain" data-testid="occurrences">
          {coming.map((m) => (
            <Occurrence key={m.id} maintenance={m} zone={zone} />
          ))}
        </ol>
      </section>
    </>
  );
}
