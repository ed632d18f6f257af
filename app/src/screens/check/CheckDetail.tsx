import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { CheckDetailQuery } from "../../__generated__/CheckDetailQuery.graphql";
import { checkDetailQuery, RANGES } from "./CheckDetailQuery";
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
