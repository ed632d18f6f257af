import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { SessionProgressQuery } from "../../__generated__/SessionProgressQuery.graphql";
import { useLiveSubscription } from "../../relay/useLiveSubscription";
import { ms } from "../../ui/format";

const DONE = new Set(["PASSED", "FAILED", "DEGRADED", "CANCELLED", "TIMED_OUT"]);

function Progress({ id, fetchKey }: { id: string; fetchKey: number }) {
  const { node } = useLazyLoadQuery<SessionProgressQuery>(
    graphql`
      query SessionProgressQuery($id: ID!) {
        node(id: $id) {
          ... on CheckSession {
            status
            runLocations
            results(first: 20) {
              edges {
                node {
                  id
                  runLocation
                  resultType
                  hasFailures
                  hasErrors
                  responseTime
                }
              }
            }
          }
        }
      }
    `,
    { id },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  if (!node?.status) return null;
  const finals = node.results?.edges.filter((edge) => edge.node.resultType === "FINAL") ?? [];
  return (
    <div role="status" aria-live="polite" className="panel" data-testid="session-progress">
      <strong>Run now: {DONE.has(node.status) ? node.status.toLowerCase().replace("_", " ") : "running…"}</strong> (
      {finals.length} of {node.runLocations?.length ?? 0} locations done)
      <ul className="plain">
        {finals.map(({ node: result }) => (
          <li key={result.id}>
            {result.hasFailures || result.hasErrors ? "✕ failed" : "✓ passed"} at {result.runLocation} in{" "}
            {ms(result.responseTime)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A triggered session's progress, read again each time one of the check's results is recorded. */
export function SessionProgress({ id, checkId }: { id: string; checkId: string }) {
  const [fetchKey, setFetchKey] = useState(0);
  useLiveSubscription(
    {
      subscription: graphql`
        subscription SessionProgressSubscription($checkId: ID!) {
          checkResultRecorded(checkId: $checkId) {
            id
          }
        }
      `,
      variables: { checkId },
      onNext: () => setFetchKey((key) => key + 1),
    },
    `session:${id}`,
  );
  return (
    <Suspense fallback={<p role="status">Run now: starting…</p>}>
      <Progress id={id} fetchKey={fetchKey} />
    </Suspense>
  );
}
