import { CopyableCode } from "../../ui/CopyableCode";
import { agentCommand } from "./agentCommand";

/** An agent key, this once (only its hash is kept), with the command that starts an agent with it. */
export function ShownKey({ rawKey, what }: { rawKey: string; what: string }) {
  const command = agentCommand(rawKey, window.location.origin);
  return (
    <div role="status" className="panel" data-testid="agent-key-shown">
      <p>
        <strong>Copy the key of {what} now:</strong> it is shown this once, and Vigil keeps only its hash.
      </p>
      <CopyableCode id="new-agent-key" text={rawKey} label="Copy the key" />
      <p>
        Run an agent with it, inside the network the location stands for (Node.js 20.11 or later;{" "}
        <code>node bin/vigil-agent.js</code> in a checkout does the same):
      </p>
      <CopyableCode id="agent-command" text={command} label="Copy the command" />
    </div>
  );
}
