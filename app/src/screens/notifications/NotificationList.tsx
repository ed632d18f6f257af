import { graphql, usePaginationFragment } from "react-relay";
import type { NotificationList_viewer$key } from "../../__generated__/NotificationList_viewer.graphql";
import { dateTime } from "../../ui/format";

const fragment = graphql`
  fragment NotificationList_viewer on Viewer
  @refetchable(queryName: "NotificationListPaginationQuery")
  @argumentDefinitions(
    count: { type: "Int", defaultValue: 25 }
    cursor: { type: "String" }
    channel: { type: "ID" }
    status: { type: "AlertNotificationStatus" }
    check: { type: "ID" }
  ) {
    account {
      alertNotifications(first: $count, after: $cursor, alertChannelId: $channel, status: $status, checkId: $check)
        @connection(key: "NotificationList_alertNotifications", filters: ["alertChannelId", "status", "checkId"]) {
        edges {
          node {
            id
            databaseId
            type
            status
            tries
            nextAttemptAt
            timestamp
            createdAt
            notificationResult
            checkId
            alertChannelId
          }
        }
      }
    }
  }
`;

const STATUS_TEXT = { SUCCESS: "✓ Delivered", FAILURE: "✕ Failed", IN_PROGRESS: "↻ Retrying" } as Record<
  string,
  string
>;

/** One page of deliveries at a time, newest first: each with its outcome, its tries and the provider's answer. */
export function NotificationList({
  viewer,
  checkNames,
}: {
  viewer: NotificationList_viewer$key;
  checkNames: Map<string, string>;
}) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(fragment, viewer);
  const edges = data.account.alertNotifications.edges;
  return (
    <section className="panel" aria-labelledby="log">
      <h2 id="log">Deliveries</h2>
      {edges.length === 0 ? <p>No notification matches.</p> : null}
      <ul className="plain">
        {edges.map(({ node }) => (
          <li key={node.id} data-testid="notification" className={node.status === "FAILURE" ? "error" : undefined}>
            <strong>{STATUS_TEXT[node.status] ?? node.status}</strong> · {node.type.toLowerCase()} ·{" "}
            {node.checkId ? (checkNames.get(node.checkId) ?? "a deleted check") : "no check"} ·{" "}
            {dateTime(node.createdAt)}
            <br />
            <span className="muted" data-testid="tries">
              {node.tries === 1 ? "1 try" : `${node.tries} tries`}
              {node.tries > 1 ? ` (${node.tries - 1} ${node.tries === 2 ? "retry" : "retries"})` : ""}
              {node.timestamp ? `, last ${dateTime(node.timestamp)}` : ""}
              {node.nextAttemptAt ? `; next try ${dateTime(node.nextAttemptAt)}` : ""}
            </span>
            {node.notificationResult ? <div className="muted">{node.notificationResult}</div> : null}
          </li>
        ))}
      </ul>
      {hasNext ? (
        <button type="button" onClick={() => loadNext(25)} disabled={isLoadingNext}>
          {isLoadingNext ? "Loading…" : "More notifications"}
        </button>
      ) : null}
    </section>
  );
}
