import { useState } from "react";
import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { NewChannelMutation } from "../../__generated__/NewChannelMutation.graphql";
import type { NewChannelQuery } from "../../__generated__/NewChannelQuery.graphql";
import type { ScreenProps } from "../../routes";
import { navigate } from "../../router/router";
import { ChannelForm } from "./ChannelForm";
import { channelErrors } from "./channelErrors";
import { newChannelQuery } from "./NewChannelQuery";

const create = graphql`
  mutation NewChannelMutation($input: AlertChannelInput!) {
    result: createAlertChannel(input: $input) {
      __typename
      ... on CreateAlertChannelSuccess {
        data {
          id
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

/** A new alert channel: the fields of its type, a webhook's template with a preview; the API's errors beside them. */
export function NewChannel({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<NewChannelQuery>(newChannelQuery, queryRef as PreloadedQuery<NewChannelQuery>);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<NewChannelMutation>(create);
  return (
    <>
      <h1>New alert channel</h1>
      <ChannelForm
        variables={data.alertTemplateVariables}
        submitLabel="Make the channel"
        saving={saving}
        errors={errors}
        onSubmit={(input) => {
          setErrors({});
          commit({
            variables: { input },
            onCompleted: ({ result }) => {
              if (result.data?.id) return navigate("/alert-channels");
              setErrors(channelErrors(result as never, "The channel was not made."));
            },
            onError: (error) => setErrors({ form: error.message }),
          });
        }}
      />
    </>
  );
}
