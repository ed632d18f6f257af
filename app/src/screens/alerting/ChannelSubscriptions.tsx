import { type FormEvent, useState } from "react";
import { graphql, useFragment, useMutation, useRefetchableFragment } from "react-relay";
import type { ChannelSubscriptions_channel$key } from "../../__generated__/ChannelSubscriptions_channel.graphql";
import type { ChannelSubscriptions_query$key } from "../../__generated__/ChannelSubscriptions_query.graphql";
import type { ChannelSubscriptionsSetMutation } from "../../__generated__/ChannelSubscriptionsSetMutation.graphql";
import { Field } from "../form/Field";

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

// The first 100 of each: an account subscribing more at once uses the checks list's bulk edit or the API.
const targetsFragment = graphql`
  fragment ChannelSubscriptions_query on Query {
    checks(first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
    checkGroups(first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
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
  const [target, setTarget] = useState("");
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
    const [kind, id] = target.split(":");
    if (!id) return setMessage("Choose a check or a group first.");
    send(kind === "group" ? { groupId: id, activated: true } : { checkId: id, activated: true }, "Subscribed.");
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
      <form className="actions" onSubmit={subscribe} aria-label="Subscribe a check or group">
        <Field id="subscribe-target" label="Check or group">
          {(props) => (
            <select {...props} value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value="">Choose…</option>
              <optgroup label="Checks">
                {targets.checks.edges.map(({ node }) => (
                  <option key={node.id} value={`check:${node.id}`}>
                    {node.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Groups">
                {targets.checkGroups.edges.map(({ node }) => (
                  <option key={node.id} value={`group:${node.id}`}>
                    {node.name}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </Field>
        <button type="submit" disabled={saving}>
          Subscribe
        </button>
      </form>
    </section>
  );
}
