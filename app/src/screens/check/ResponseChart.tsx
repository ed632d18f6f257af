import { useEffect, useRef } from "react";
import { graphql, useFragment } from "react-relay";
import type { ResponseChart_check$key } from "../../__generated__/ResponseChart_check.graphql";
import { ms } from "../../ui/format";

/**
 * p50, p95 and p99 response times per hour or day (Check.series), drawn by uPlot on a canvas.
 * uPlot is loaded with this screen only (a dynamic import), and the same figures are in a table,
 * which is what a screen reader reads.
 */
export function ResponseChart({ check }: { check: ResponseChart_check$key }) {
  const data = useFragment(
    graphql`
      fragment ResponseChart_check on Check
      @argumentDefinitions(from: { type: "DateTime!" }, to: { type: "DateTime!" }, interval: { type: "SeriesInterval!" }) {
        series(from: $from, to: $to, interval: $interval) {
          from
          stats {
            runs
            p50
            p95
            p99
          }
        }
      }
    `,
    check,
  );
  const box = useRef<HTMLDivElement>(null);
  const points = data.series;
  useEffect(() => {
    const target = box.current;
    if (!target || typeof window.matchMedia !== "function") return;
    let chart: { destroy: () => void } | null = null;
    let gone = false;
    Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (gone) return;
      // The theme's colours as the page resolves them (the variables hold light-dark() pairs).
      const probe = document.createElement("span");
      target.append(probe);
      const color = (name: string) => {
        probe.style.color = `var(${name})`;
        return getComputedStyle(probe).color;
      };
      const x = points.map((point) => new Date(point.from).getTime() / 1000);
      const y = (key: "p50" | "p95" | "p99") => points.map((point) => point.stats[key] ?? null);
      chart = new UPlot(
        {
          width: Math.max(280, target.clientWidth),
          height: 220,
          series: [
            {},
            { label: "p50", stroke: color("--pass"), width: 2 },
            { label: "p95", stroke: color("--degraded"), width: 2, dash: [6, 3] },
            { label: "p99", stroke: color("--fail"), width: 2, dash: [2, 2] },
          ],
          axes: [
            { stroke: color("--muted") },
            { stroke: color("--muted"), values: (_u, ticks) => ticks.map((t) => `${t} ms`) },
          ],
        },
        [x, y("p50"), y("p95"), y("p99")],
        target,
      );
      probe.remove();
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [points]);
  const measured = points.filter((point) => point.stats.runs > 0);
  return (
    <>
      <div ref={box} aria-hidden="true" className="chart" />
      <details>
        <summary>Response times as a table ({measured.length} periods with runs)</summary>
        <div className="table-wrap">
          <table>
            <caption>Response time percentiles per period</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Runs</th>
                <th scope="col">p50</th>
                <th scope="col">p95</th>
                <th scope="col">p99</th>
              </tr>
            </thead>
            <tbody>
              {measured.map((point) => (
                <tr key={point.from}>
                  <th scope="row">{new Date(point.from).toLocaleString()}</th>
                  <td>{point.stats.runs}</td>
                  <td>{ms(point.stats.p50)}</td>
                  <td>{ms(point.stats.p95)}</td>
                  <td>{ms(point.stats.p99)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
