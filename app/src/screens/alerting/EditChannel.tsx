import { useState } from "react";
import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { EditChannelMutation } from "../../__generated__/EditChannelMutation.graphql";
import type { EditChannelQuery } from "../../__generated__/EditChannelQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { ChannelForm } from "./ChannelForm";
import { ChannelSubscriptions } from "./ChannelSubscriptions";
import { channelErrors } from "./channelErrors";
import { editChannelQuery } from "./EditChannelQuery";
import { draftOf } from "./fields";

const update = graphql`
  mutation EditChannelMutation($id: ID!, $input: AlertChannelInput!) {
    result: updateAlertChannel(id: $id, input: $input) {
      __typename
      ... on UpdateAlertChannelSuccess {
        data {
          id
          ...ChannelRow_channel
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fieldPaths
      }
    }
  }
`;

/** One channel: its form filled with what is stored (write-only values left blank: kept), and its subscriptions. */
export function EditChannel({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<EditChannelQuery>(editChannelQuery, queryRef as PreloadedQuery<EditChannelQuery>);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState("");
  const [commit, saving] = useMutation<EditChannelMutation>(update);
  const channel = data.node?.channel;
  if (!channel) {
    return (
      <>
        <h1>No such channel</h1>
        <p>
          It was deleted, or belongs to another account. <Link to="/alert-channels">All channels</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <div className="actions">
        <h1>Edit the {channel.type.toLowerCase()} channel</h1>
        <Link to="/alert-channels">All channels</Link>
      </div>
      <p role="status" className="muted">
        {saved}
      </p>
      <ChannelForm
        key={channel.id}
        variables={data.alertTemplateVariables}
        initial={draftOf(channel.type, channel.config as Record<string, unknown>)}
        initialFlags={{
          sendFailure: channel.sendFailure,
          sendRecovery: channel.sendRecovery,
          sendDegraded: channel.sendDegraded,
        }}
        submitLabel="Save the channel"
        saving={saving}
        errors={errors}
        onSubmit={(input) => {
          setErrors({});
          setSaved("");
          commit({
            variables: { id: channel.id, input },
            onCompleted: ({ result }) => {
              if (result.data) return setSaved("Saved.");
              setErrors(channelErrors(result as never, "The channel was not saved."));
            },
            onError: (error) => setErrors({ form: error.message }),
          });
        }}
      />
      <ChannelSubscriptions channel={channel} query={data} />
    </>
  );
}
