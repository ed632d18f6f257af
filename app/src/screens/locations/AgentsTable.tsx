import { ago, dateTime } from "../../ui/format";

type Agent = {
  readonly agentId: string;
  readonly version: string;
  readonly platform: string;
  readonly runtimeVersion: string;
  readonly lastSeen: string;
  readonly startedAt: string;
  readonly runsHeld: number;
};

/** The agents connected now (seen in the last 2 minutes, not gone since), as their claims report them. */
export function AgentsTable({ agents, location }: { agents: readonly Agent[]; location: string }) {
  if (agents.length === 0) return <p data-testid="no-agents">No agent connected.</p>;
  return (
    <div className="table-wrap">
      <table data-testid="agents">
        <caption>Agents connected to {location}</caption>
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Version</th>
            <th scope="col">Last seen</th>
            <th scope="col">Runs held</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => (
            <tr key={agent.agentId} data-testid="agent-row">
              <td>
                <code title={agent.agentId}>{agent.agentId.slice(0, 8)}</code>
                <div className="muted hide-narrow">
                  {agent.platform} · {agent.runtimeVersion} · since {dateTime(agent.startedAt)}
                </div>
              </td>
              <td>{agent.version}</td>
              <td>
                <time dateTime={agent.lastSeen} title={dateTime(agent.lastSeen)}>
                  {ago(agent.lastSeen)}
                </time>
              </td>
              <td>{agent.runsHeld}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
