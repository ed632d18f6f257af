import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { ChannelRow_channel$key } from "../../__generated__/ChannelRow_channel.graphql";
import type { ChannelRowTestMutation } from "../../__generated__/ChannelRowTestMutation.graphql";
import { Link } from "../../router/router";

const fragment = graphql`
  fragment ChannelRow_channel on AlertChannel {
    id
    type
    sendFailure
    sendRecovery
    sendDegraded
    config {
      __typename
      ... on EmailChannelConfig {
        address
      }
      ... on SlackChannelConfig {
        url
        channel
      }
      ... on WebhookChannelConfig {
        name
        url
        webhookType
      }
      ... on PagerDutyChannelConfig {
        serviceName
      }
      ... on OpsgenieChannelConfig {
        name
        region
      }
    }
  }
`;

const test = graphql`
  mutation ChannelRowTestMutation($id: ID!) {
    result: testAlertChannel(id: $id) {
      __typename
      ... on TestAlertChannelSuccess {
        data {
          delivered
          answer
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Where a channel's alerts go, in words. */
export function channelTarget(config: Record<string, unknown>): string {
  const parts = [config.name, config.address, config.serviceName, config.url, config.channel, config.region];
  return parts.filter((part) => typeof part === "string" && part).join(" · ");
}

/** One channel: what it sends where, Send test with the provider's answer, and delete (asked first). */
export function ChannelRow({
  channel,
  onDelete,
}: {
  channel: ChannelRow_channel$key;
  onDelete: (id: string, label: string) => void;
}) {
  const data = useFragment(fragment, channel);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [commit, testing] = useMutation<ChannelRowTestMutation>(test);
  const label = `${data.type.toLowerCase()} ${channelTarget(data.config as Record<string, unknown>)}`;
  const sends = [
    data.sendFailure && "failures",
    data.sendDegraded && "degradations",
    data.sendRecovery && "recoveries",
  ];
  const sendTest = () => {
    setAnswer(null);
    commit({
      variables: { id: data.id },
      onCompleted: ({ result }) =>
        setAnswer(
          result.data
            ? { ok: result.data.delivered, text: result.data.answer }
            : { ok: false, text: result.message ?? "The test was not sent." },
        ),
      onError: (error) => setAnswer({ ok: false, text: error.message }),
    });
  };
  return (
    <li data-testid="channel-row">
      <strong>{data.type}</strong> {channelTarget(data.config as Record<string, unknown>)}
      <br />
      <span className="muted">Sends {sends.filter(Boolean).join(", ") || "nothing"}</span>
      <div className="actions">
        <button type="button" onClick={sendTest} disabled={testing} aria-label={`Send test to ${label}`}>
          {testing ? "Sending…" : "Send test"}
        </button>
        <Link to={`/alert-channels/${encodeURIComponent(data.id)}`} aria-label={`Edit ${label}`}>
          Edit
        </Link>
        <button
          type="button"
          className="danger"
          onClick={() => onDelete(data.id, label)}
          aria-label={`Delete ${label}…`}
        >
          Delete…
        </button>
      </div>
      <p role="status" data-testid="test-answer" className={answer && !answer.ok ? "error" : undefined}>
        {answer ? `${answer.ok ? "✓ Delivered" : "✕ Not delivered"}: ${answer.text}` : ""}
      </p>
    </li>
  );
}
