import { CopyButton } from "../../ui/CopyButton";
import { agentCommand } from "./agentCommand";

/** An agent key, this once (only its hash is kept), with the command that starts an agent with it. */
export function ShownKey({ rawKey, what }: { rawKey: string; what: string }) {
  const command = agentCommand(rawKey, window.location.origin);
  return (
    <div role="status" className="panel" data-testid="agent-key-shown">
      <p>
        <strong>Copy the key of {what} now:</strong> it is shown this once, and Vigil keeps only its hash.
      </p>
      <p>
        <code className="key" id="new-agent-key" data-testid="new-agent-key">
          {rawKey}
        </code>
      </p>
      <CopyButton text={rawKey} label="Copy the key" targetId="new-agent-key" />
      <p>
        Run an agent with it, inside the network the location stands for (Node.js 20.11 or later; `node
        bin/vigil-agent.js` in a checkout does the same):
      </p>
      <p>
        <code className="key" id="agent-command" data-testid="agent-command">
          {command}
        </code>
      </p>
      <CopyButton text={command} label="Copy the command" targetId="agent-command" />
    </div>
  );
}
