import { channelTarget } from "../alerting/ChannelRow";
import { ListError } from "./ListError";

export type ChannelOption = { databaseId: number; label: string };
export type Subscription = { alertChannelId: number; activated: boolean };

/** The account's channels as the forms name them ("Email: ops@example.com"). */
export const channelOptions = (
  edges: readonly { readonly node: { readonly databaseId: number; readonly type: string; readonly config: unknown } }[],
): ChannelOption[] =>
  edges.map(({ node }) => ({
    databaseId: node.databaseId,
    label: `${node.type.charAt(0)}${node.type.slice(1).toLowerCase()}: ${channelTarget(node.config as never)}`,
  }));

/** One checkbox per alert channel of the account; a paused subscription says so and stays paused. */
export function ChannelChoices({
  legend,
  channels,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  channels: ChannelOption[];
  chosen: Subscription[];
  onChange: (chosen: Subscription[]) => void;
  error?: string;
}) {
  const subscribed = (id: number) => chosen.find((s) => s.alertChannelId === id);
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...chosen, { alertChannelId: id, activated: true }] : chosen.filter((s) => s.alertChannelId !== id));
  return (
    <fieldset aria-describedby={error ? "channels-error" : undefined}>
      <legend>{legend}</legend>
      {channels.length === 0 ? <p className="muted">No alert channel in the account yet (Alerting).</p> : null}
      {channels.map(({ databaseId, label }) => (
        <label key={databaseId} className="inline">
          <input
            type="checkbox"
            checked={Boolean(subscribed(databaseId))}
            onChange={(event) => toggle(databaseId, event.target.checked)}
          />{" "}
          {label}
          {subscribed(databaseId)?.activated === false ? " (paused)" : ""}
        </label>
      ))}
      <ListError id="channels" error={error} />
    </fieldset>
  );
}
