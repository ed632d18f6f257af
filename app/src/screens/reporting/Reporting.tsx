import { type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { ReportingQuery } from "../../__generated__/ReportingQuery.graphql";
import type { ScreenProps } from "../../routes";
import { ms } from "../../ui/format";
import { Badges } from "./Badges";
import { download, reportCsv } from "./csv";
import { ReportFilters } from "./ReportFilters";
import { knownZone, RANGES, reportingQuery } from "./ReportingQuery";

/** What the figures cover, in words (for the caption and the CSV's name). */
function describe(search: URLSearchParams) {
  const [from, to] = [search.get("from"), search.get("to")];
  const range =
    from && to ? `${from} to ${to}` : (RANGES.find((r) => r.value === search.get("range")) ?? RANGES[0]!).label;
  const tags = search.getAll("tag").filter(Boolean);
  const zone = knownZone(search.get("tz"));
  const what = tags.length ? `${range}, tagged ${tags.join(" or ")}` : range;
  return zone && zone !== "UTC" ? `${what} (${zone})` : what;
}

/** /v1/reporting's figures over a chosen range and tags, with the same figures as CSV; and badges to embed. */
export function Reporting({ queryRef, search }: ScreenProps) {
  const data = usePreloadedQuery<ReportingQuery>(reportingQuery, queryRef as PreloadedQuery<ReportingQuery>);
  const rows = data.reporting;
  const what = describe(search);
  const save = () => download(reportCsv(rows), `vigil-report-${what.replace(/[^\w-]+/g, "-").toLowerCase()}.csv`);
  return (
    <>
      <h1>Reporting</h1>
      <section className="panel" aria-labelledby="report">
        <h2 id="report">Checks over {what}</h2>
        <ReportFilters search={search} />
        <div className="actions">
          <button type="button" onClick={save} disabled={rows.length === 0}>
            Download as CSV
          </button>
        </div>
        {rows.length === 0 ? <p>No check matches.</p> : null}
        {/* On a narrow screen the tags, average and p99 stay in the CSV: the table fits without scrolling. */}
        <div className="table-wrap">
          <table data-testid="report">
            <caption className="visually-hidden">Checks over {what}</caption>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col" className="hide-narrow">
                  Tags
                </th>
                <th scope="col">Success</th>
                <th scope="col" className="hide-narrow">
                  Average
                </th>
                <th scope="col">p95</th>
                <th scope="col" className="hide-narrow">
                  p99
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.checkId} data-testid="report-row" data-check-id={row.checkId}>
                  <th scope="row">
                    {row.name}
                    <div className="muted">
                      {row.checkType}
                      {row.deactivated ? " · paused" : ""}
                    </div>
                  </th>
                  <td className="hide-narrow">{row.tags.join(", ")}</td>
                  <td data-testid="success-ratio">
                    {row.aggregate ? `${row.aggregate.successRatio.toFixed(2)} %` : "—"}
                  </td>
                  <td className="hide-narrow">{ms(row.aggregate?.avg)}</td>
                  <td>{ms(row.aggregate?.p95)}</td>
                  <td className="hide-narrow">{ms(row.aggregate?.p99)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <Badges checks={rows} groups={data} />
    </>
  );
}
