import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { ResultViewQuery } from "../../__generated__/ResultViewQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { dateTime, ms } from "../../ui/format";
import { readOutcome } from "../../ui/lastError";

export const resultViewQuery = graphql`
  query ResultViewQuery($id: ID!) {
    node(id: $id) {
      ... on CheckResult {
        id
        name
        resultType
        startedAt
        stoppedAt
        runLocation
        responseTime
        hasFailures
        hasErrors
        isDegraded
        attempts
        ...lastError_result @alias(as: "outcome")
        apiCheckResult {
          request {
            method
            url
            headers
            data
          }
          response {
            status
            statusText
            headers
            body
            timings
          }
        }
        browserCheckResult
        multiStepCheckResult
        assets {
          databaseId
          kind
          name
          contentType
          signedUrl
          size
        }
      }
    }
  }
`;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One result in full: request, response, timings, assertions, errors, and a browser run's files. */
export function ResultView({ queryRef, params }: ScreenProps) {
  const { node } = usePreloadedQuery<ResultViewQuery>(resultViewQuery, queryRef as PreloadedQuery<ResultViewQuery>);
  const back = `/checks/${encodeURIComponent(params.id ?? "")}`;
  if (!node?.id) return <p>That result does not exist (it may be older than the retention period).</p>;
  const api = node.apiCheckResult;
  const outcome = node.outcome ? readOutcome(node.outcome).apiCheckResult : null;
  const failed = node.hasFailures || node.hasErrors;
  return (
    <>
      <p>
        <Link to={back}>← {node.name}</Link>
      </p>
      <h1>
        {failed ? "✕ Failed" : node.isDegraded ? "▲ Degraded" : "✓ Passed"} at {node.runLocation}
      </h1>
      <section className="panel">
        <p>
          Started {dateTime(node.startedAt)}, stopped {dateTime(node.stoppedAt)} · {ms(node.responseTime)} ·{" "}
          {node.resultType} · attempt {(node.attempts ?? 0) + 1}
        </p>
        {outcome?.requestError ? (
          <p className="error" role="note">
            Error: {outcome.requestError}
          </p>
        ) : null}
      </section>
      {outcome?.assertions?.length ? (
        <section className="panel" aria-labelledby="assertions">
          <h2 id="assertions">Assertions</h2>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Outcome</th>
                  <th scope="col">Assertion</th>
                  <th scope="col">Found</th>
                </tr>
              </thead>
              <tbody>
                {outcome.assertions.map((a, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: assertions have no id and never move
                  <tr key={i} data-testid="assertion">
                    <td>{a.passed === false ? "✕ failed" : a.passed ? "✓ passed" : "—"}</td>
                    <td>{[a.source, a.property, a.comparison, a.target].filter(Boolean).join(" ")}</td>
                    <td>{a.actual ?? "nothing"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {api?.request ? (
        <section className="panel" aria-labelledby="request">
          <h2 id="request">Request</h2>
          <p>
            {api.request.method} {api.request.url}
          </p>
          <pre>{json(api.request.headers)}</pre>
          {api.request.data ? <pre>{api.request.data}</pre> : null}
        </section>
      ) : null}
      {api?.response ? (
        <section className="panel" aria-labelledby="response">
          <h2 id="response">Response</h2>
          <p>
            {api.response.status} {api.response.statusText}
          </p>
          <h3>Timings</h3>
          <pre>{json(api.response.timings)}</pre>
          <h3>Headers</h3>
          <pre>{json(api.response.headers)}</pre>
          <h3>Body</h3>
          <pre>{api.response.body}</pre>
        </section>
      ) : null}
      {node.browserCheckResult || node.multiStepCheckResult ? (
        <section className="panel" aria-labelledby="script">
          <h2 id="script">Script run</h2>
          <pre>{json(node.browserCheckResult ?? node.multiStepCheckResult)}</pre>
        </section>
      ) : null}
      {node.assets?.length ? (
        <section className="panel" aria-labelledby="assets">
          <h2 id="assets">Files (screenshots, trace, logs)</h2>
          {/* Signed links: the session cookie opens /graphql only, not the REST file route. */}
          <ul>
            {node.assets.map((asset) => (
              <li key={asset.databaseId}>
                <a href={asset.signedUrl}>{asset.name}</a> · {asset.kind} · {Math.ceil(asset.size / 1024)} KB
                {asset.kind === "screenshot" && asset.contentType.startsWith("image/") ? (
                  <img src={asset.signedUrl} alt={`Screenshot: ${asset.name}`} className="screenshot" loading="lazy" />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
