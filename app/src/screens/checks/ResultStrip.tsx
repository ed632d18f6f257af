import { graphql, useFragment } from "react-relay";
import type { ResultStrip_results$key } from "../../__generated__/ResultStrip_results.graphql";

/** The last results as bars, oldest first: height and colour both tell the outcome, and a text says it. */
export function ResultStrip({ results }: { results: ResultStrip_results$key }) {
  const data = useFragment(
    graphql`
      fragment ResultStrip_results on CheckResult @relay(plural: true) {
        id
        hasFailures
        hasErrors
        isDegraded
        responseTime
        startedAt
      }
    `,
    results,
  );
  if (data.length === 0) return <span className="muted">No runs yet</span>;
  const failed = data.filter((result) => result.hasFailures || result.hasErrors).length;
  const label = `Last ${data.length} runs: ${failed} failed`;
  return (
    <span className="strip" role="img" aria-label={label} title={label}>
      {[...data].reverse().map((result) => (
        <span
          key={result.id}
          className={result.hasFailures || result.hasErrors ? "fail" : result.isDegraded ? "degraded" : undefined}
        />
      ))}
    </span>
  );
}
