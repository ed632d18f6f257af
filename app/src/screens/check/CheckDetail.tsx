import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { CheckDetailQuery, CheckDetailQuery$variables } from "../../__generated__/CheckDetailQuery.graphql";
import { useRefetch } from "../../relay/useRefetchOnEvents";
import { useLiveSubscription, useRereadOnReconnect } from "../../relay/useLiveSubscription";
import type { ScreenProps } from "../../routes";
import { Link, setSearch } from "../../router/router";
import { ago, dateTime, percent } from "../../ui/format";
import { StateBadge, stateOf } from "../../ui/StateBadge";
import { CheckActions } from "./CheckActions";
import { CheckAlerts } from "./CheckAlerts";
import { HeartbeatInfo } from "./HeartbeatInfo";
import { ResponseChart } from "./ResponseChart";
import { ResultsLog } from "./ResultsLog";

export const checkDetailQuery = graphql`
  query CheckDetailQuery(
    $id: ID!
    $now: DateTime!
    $d1: DateTime!
    $d7: DateTime!
    $d30: DateTime!
    $d90: DateTime!
    $chartFrom: DateTime!
    $interval: SeriesInterval!
  ) {
    node(id: $id) {
      ... on Check @alias(as: "check") {
        id
        databaseId
        name
        checkType
        activated
        muted
        frequency
        locations
        tags
        createdAt
        status {
          status
          statusSince
          lastRunLocation
        }
        day: runStats(from: $d1, to: $now) {
          runs
          successRatio
        }
        week: runStats(from: $d7, to: $now) {
          runs
          successRatio
        }
        month: runStats(from: $d30, to: $now) {
          runs
          successRatio
        }
        quarter: runStats(from: $d90, to: $now) {
          runs
          successRatio
        }
        ... on ApiCheck {
          request {
            method
            url
          }
        }
        ...CheckActions_check
        ...ResponseChart_check @arguments(from: $chartFrom, to: $now, interval: $interval)
        ...ResultsLog_check
        ...HeartbeatInfo_check
        ...CheckAlerts_check
      }
    }
  }
`;

const RANGES: Record<string, { ms: number; interval: "HOUR" | "DAY"; label: string }> = {
  "24h": { ms: 86_400_000, interval: "HOUR", label: "24 hours" },
  "7d": { ms: 7 * 86_400_000, interval: "HOUR", label: "7 days" },
  "30d": { ms: 30 * 86_400_000, interval: "DAY", label: "30 days" },
  "90d": { ms: 90 * 86_400_000, interval: "DAY", label: "90 days" },
};

export function checkDetailVariables(
  params: Record<string, string>,
  search: URLSearchParams,
): CheckDetailQuery$variables {
  const now = Date.now();
  const at = (days: number) => new Date(now - days * 86_400_000).toISOString();
  const range = RANGES[search.get("range") ?? "24h"] ?? RANGES["24h"]!;
  return {
    id: params.id ?? "",
    now: new Date(now).toISOString(),
    d1: at(1),
    d7: at(7),
    d30: at(30),
    d90: at(90),
    chartFrom: new Date(now - range.ms).toISOString(),
    interval: range.interval,
  };
}

const resultEvents = graphql`
  subscription CheckDetailResultSubscription($id: ID!) {
    checkResultRecorded(checkId: $id) {
      id
    }
  }
`;
const statusEvents = graphql`
  subscription CheckDetailStatusSubscription($id: ID!) {
    checkStatusChanged(checkId: $id) {
      status
    }
  }
`;

/** One check: its state, uptime, response times, results, and what can be done to it; live. */
export function CheckDetail({ queryRef, search }: ScreenProps) {
  const ref = queryRef as PreloadedQuery<CheckDetailQuery>;
  const data = usePreloadedQuery<CheckDetailQuery>(checkDetailQuery, ref);
  const reread = useRefetch(checkDetailQuery, ref.variables);
  const id = ref.variables.id;
  useLiveSubscription({ subscription: resultEvents, variables: { id }, onNext: reread }, `r:${id}`);
  useLiveSubscription({ subscription: statusEvents, variables: { id }, onNext: reread }, `s:${id}`);
  useRereadOnReconnect(reread);
  const check = data.node?.check;
  if (!check)
    return (
      <section className="panel">
        <h1>Check not found</h1>
        <p>
          It may have been deleted. <Link to="/checks">Back to the checks</Link>
        </p>
      </section>
    );
  const range = search.get("range") ?? "24h";
  const uptime = [
    ["24 h", check.day],
    ["7 d", check.week],
    ["30 d", check.month],
    ["90 d", check.quarter],
  ] as const;
  return (
    <>
      <p>
        <Link to="/checks">← Checks</Link>
      </p>
      <h1>{check.name}</h1>
      <section className="panel" aria-label="State">
        <p>
          <StateBadge state={stateOf(check.status.status, check.activated)} /> since{" "}
          {check.status.statusSince
            ? `${ago(check.status.statusSince)} (${dateTime(check.status.statusSince)})`
            : "its creation"}
          {check.muted ? " · 🔕 notifications muted" : ""}
        </p>
        <p className="muted">
          {check.checkType}
          {check.request ? ` · ${check.request.method} ${check.request.url}` : ""}
          {check.checkType === "HEARTBEAT"
            ? ""
            : ` · every ${check.frequency} min · ${check.locations?.join(", ") || "no data-center location"}`}
          {check.tags?.length ? ` · tags: ${check.tags.join(", ")}` : ""}
        </p>
        <CheckActions check={check} />
      </section>
      <section className="panel" aria-labelledby="uptime">
        <h2 id="uptime">Uptime</h2>
        <dl className="counts">
          {uptime.map(([label, stats]) => (
            <div key={label} className="count">
              <dt>{label}</dt>
              <dd>
                <strong>{percent(stats?.successRatio, stats?.runs)}</strong>
                {stats?.runs ?? 0} runs
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <HeartbeatInfo check={check} onPing={reread} />
      <section className="panel" aria-labelledby="chart">
        <h2 id="chart">Response time</h2>
        <label>
          Range{" "}
          <select value={range} onChange={(event) => setSearch({ range: event.target.value })}>
            {Object.entries(RANGES).map(([key, value]) => (
              <option key={key} value={key}>
                {value.label}
              </option>
            ))}
          </select>
        </label>
        <ResponseChart check={check} />
      </section>
      <ResultsLog check={check} />
      <CheckAlerts check={check} />
    </>
  );
}
