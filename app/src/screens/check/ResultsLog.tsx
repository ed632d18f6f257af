import { useEffect, useRef, useState } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { ResultsLog_check$key } from "../../__generated__/ResultsLog_check.graphql";
import type { ResultsLogPaginationQuery } from "../../__generated__/ResultsLogPaginationQuery.graphql";
import { Link } from "../../router/router";
import { dateTime, ms } from "../../ui/format";
import { lastError } from "../../ui/lastError";

/** The check's results, newest first: only failures if asked, at one location if asked; infinite scroll. */
export function ResultsLog({ check }: { check: ResultsLog_check$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    ResultsLogPaginationQuery,
    ResultsLog_check$key
  >(
    graphql`
      fragment ResultsLog_check on Check
      @refetchable(queryName: "ResultsLogPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 25 }
        cursor: { type: "String" }
        hasFailures: { type: "Boolean" }
        location: { type: "Location" }
        since: { type: "DateTime" }
      ) {
        id
        locations
        results(first: $count, after: $cursor, hasFailures: $hasFailures, location: $location, from: $since)
          @connection(key: "ResultsLog_results") {
          edges {
            node {
              id
              startedAt
              runLocation
              responseTime
              hasFailures
              hasErrors
              isDegraded
              ...lastError_result
            }
          }
        }
      }
    `,
    check,
  );
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [location, setLocation] = useState("");
  const [range, setRange] = useState("");
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a filter change reads the first page again
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const since = range ? new Date(Date.now() - Number(range) * 3_600_000).toISOString() : null;
    refetch({ hasFailures: failuresOnly ? true : null, location: (location || null) as never, since });
  }, [failuresOnly, location, range]);
  const end = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNext || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isLoadingNext) loadNext(25);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNext, isLoadingNext, loadNext]);
  const edges = data.results.edges;
  return (
    <section className="panel" aria-labelledby="results">
      <h2 id="results">Results</h2>
      <div className="filters">
        <label>
          <span>
            <input type="checkbox" checked={failuresOnly} onChange={(event) => setFailuresOnly(event.target.checked)} />{" "}
            Failures only
          </span>
        </label>
        <label>
          Location
          <select value={location} onChange={(event) => setLocation(event.target.value)}>
            <option value="">Every location</option>
            {data.locations.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Range
          <select value={range} onChange={(event) => setRange(event.target.value)}>
            <option value="">Everything kept</option>
            <option value="1">Last hour</option>
            <option value="24">Last 24 hours</option>
            <option value="168">Last 7 days</option>
          </select>
        </label>
      </div>
      {edges.length === 0 ? <p>No result yet.</p> : null}
      <ul className="plain" data-testid="results">
        {edges.map(({ node }) => {
          const failed = node.hasFailures || node.hasErrors;
          const error = lastError(node);
          return (
            <li key={node.id}>
              <Link to={`/checks/${encodeURIComponent(data.id)}/results/${encodeURIComponent(node.id)}`}>
                {failed ? "✕ Failed" : node.isDegraded ? "▲ Degraded" : "✓ Passed"}
              </Link>{" "}
              · {dateTime(node.startedAt)} · {node.runLocation} · {ms(node.responseTime)}
              {error ? <div className="error">{error}</div> : null}
            </li>
          );
        })}
      </ul>
      {hasNext ? (
        <p ref={end}>
          <button type="button" onClick={() => loadNext(25)} disabled={isLoadingNext}>
            {isLoadingNext ? "Loading…" : "Older results"}
          </button>
        </p>
      ) : null}
    </section>
  );
}
