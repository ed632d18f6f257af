import { type FormEvent, useState } from "react";
import { graphql, useFragment, useMutation, useRefetchableFragment } from "react-relay";
import type { ChannelSubscriptions_channel$key } from "../../__generated__/ChannelSubscriptions_channel.graphql";
import type { ChannelSubscriptions_query$key } from "../../__generated__/ChannelSubscriptions_query.graphql";
import type { ChannelSubscriptionsSetMutation } from "../../__generated__/ChannelSubscriptionsSetMutation.graphql";
import { CheckSearch } from "../pickers/CheckSearch";
import { GroupSearch } from "../pickers/GroupSearch";

const channelFragment = graphql`
  fragment ChannelSubscriptions_channel on AlertChannel @refetchable(queryName: "ChannelSubscriptionsRefetchQuery") {
    id
    subscriptions {
      databaseId
      activated
      check {
        id
        name
      }
      group {
        id
        name
      }
    }
  }
`;

// Found on the server as the person types: an account may have thousands of checks.
const targetsFragment = graphql`
  fragment ChannelSubscriptions_query on Query {
    ...CheckSearch_query
    ...GroupSearch_query
  }
`;

const set = graphql`
  mutation ChannelSubscriptionsSetMutation($id: ID!, $input: AlertChannelSubscriptionTargetInput!) {
    result: setAlertChannelSubscription(id: $id, input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** The checks and groups that alert through this channel: subscribe one, pause or resume each. */
export function ChannelSubscriptions({
  channel,
  query,
}: {
  channel: ChannelSubscriptions_channel$key;
  query: ChannelSubscriptions_query$key;
}) {
  const [data, refetch] = useRefetchableFragment(channelFragment, channel);
  const targets = useFragment(targetsFragment, query);
  const [kind, setKind] = useState<"check" | "group">("check");
  const [target, setTarget] = useState("");
  const choose = (k: "check" | "group") => {
    setKind(k);
    setTarget("");
  };
  const [message, setMessage] = useState("");
  const [commit, saving] = useMutation<ChannelSubscriptionsSetMutation>(set);
  const send = (input: { checkId?: string; groupId?: string; activated: boolean }, done: string) =>
    commit({
      variables: { id: data.id, input },
      onCompleted: ({ result }) => {
        setMessage(result.__typename === "SetAlertChannelSubscriptionSuccess" ? done : (result.message ?? ""));
        refetch({}, { fetchPolicy: "store-and-network" });
      },
      onError: (error) => setMessage(error.message),
    });
  const subscribe = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return setMessage(`Choose a ${kind} first.`);
    send(kind === "group" ? { groupId: target, activated: true } : { checkId: target, activated: true }, "Subscribed.");
  };
  return (
    <section className="panel" aria-labelledby="subscriptions">
      <h2 id="subscriptions">Checks and groups alerting here</h2>
      <p role="status" className="muted">
        {message}
      </p>
      {data.subscriptions.length === 0 ? <p>None yet: nothing alerts through this channel.</p> : null}
      <ul className="plain" data-testid="subscriptions">
        {data.subscriptions.map((subscription) => {
          const what = subscription.check
            ? { label: `check ${subscription.check.name}`, input: { checkId: subscription.check.id } }
            : { label: `group ${subscription.group?.name ?? ""}`, input: { groupId: subscription.group?.id } };
          return (
            <li key={subscription.databaseId}>
              <label className="inline">
                <input
                  type="checkbox"
                  checked={subscription.activated}
                  disabled={saving}
                  onChange={(event) =>
                    send(
                      { ...what.input, activated: event.target.checked },
                      event.target.checked ? "Resumed." : "Paused: it sends nothing here until resumed.",
                    )
                  }
                />{" "}
                Alerts from {what.label}
              </label>
            </li>
          );
        })}
      </ul>
      <form className="form" onSubmit={subscribe} aria-label="Subscribe a check or group">
        <fieldset>
          <legend>Subscribe</legend>
          {(["check", "group"] as const).map((k) => (
            <label key={k} className="inline">
              <input type="radio" name="subscribe-kind" checked={kind === k} onChange={() => choose(k)} /> A {k}
            </label>
          ))}
        </fieldset>
        {kind === "check" ? (
          <CheckSearch query={targets} id="subscribe-check" chosen={target} onChoose={(o) => setTarget(o.value)} />
        ) : (
          <GroupSearch
            query={targets}
            id="subscribe-group"
            by="id"
            chosen={target}
            onChoose={(o) => setTarget(o.value)}
          />
        )}
        <div className="actions">
          <button type="submit" disabled={saving}>
            Subscribe
          </button>
        </div>
      </form>
    </section>
  );
}
