import { graphql, useFragment } from "react-relay";
import type { HeartbeatInfo_check$key } from "../../__generated__/HeartbeatInfo_check.graphql";
import { CopyButton } from "../../ui/CopyButton";
import { ago } from "../../ui/format";
import { useLiveSubscription } from "../../relay/useLiveSubscription";

/** A heartbeat's ping URL with copy, curl and cron examples, and its last pings. */
export function HeartbeatInfo({ check, onPing }: { check: HeartbeatInfo_check$key; onPing: () => void }) {
  const data = useFragment(
    graphql`
      fragment HeartbeatInfo_check on Check {
        id
        ... on HeartbeatCheck {
          pingUrl
          heartbeat {
            period
            periodUnit
            grace
            graceUnit
          }
          events(first: 10) {
            edges {
              node {
                id
                timestamp
                state
                source
              }
            }
          }
        }
      }
    `,
    check,
  );
  const isHeartbeat = Boolean(data.pingUrl && data.heartbeat);
  useLiveSubscription(
    {
      subscription: graphql`
        subscription HeartbeatInfoSubscription($id: ID!) {
          heartbeatEventRecorded(checkId: $id) {
            id
          }
        }
      `,
      variables: { id: data.id },
      onNext: onPing,
    },
    isHeartbeat ? `ping:${data.id}` : "none",
    isHeartbeat,
  );
  if (!data.pingUrl || !data.heartbeat) return null;
  const curl = `curl -fsS -m 10 --retry 5 ${data.pingUrl}`;
  return (
    <section className="panel" aria-labelledby="ping">
      <h2 id="ping">Ping URL</h2>
      <p>
        Expected every {data.heartbeat.period} {data.heartbeat.periodUnit.toLowerCase()}, with {data.heartbeat.grace}{" "}
        {data.heartbeat.graceUnit.toLowerCase()} of grace.
      </p>
      <p id="ping-url" className="key" data-testid="ping-url">
        {data.pingUrl}
      </p>
      <div className="actions">
        <CopyButton text={data.pingUrl} label="Copy the ping URL" targetId="ping-url" />
      </div>
      <p>From a shell or a script:</p>
      <pre>{curl}</pre>
      <p>From cron, after the job (every 5 minutes here):</p>
      <pre>{`*/5 * * * * /path/to/job.sh && ${curl} > /dev/null`}</pre>
      <h3>Last pings</h3>
      {data.events?.edges.length ? (
        <ul className="plain" data-testid="pings">
          {data.events.edges.map(({ node }) => (
            <li key={node.id}>
              {node.state} · {ago(node.timestamp)}
              {node.source ? ` · from ${node.source}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p>No ping yet.</p>
      )}
    </section>
  );
}
