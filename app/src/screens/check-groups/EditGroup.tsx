import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { EditGroupMutation } from "../../__generated__/EditGroupMutation.graphql";
import type { EditGroupQuery } from "../../__generated__/EditGroupQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link, navigate } from "../../router/router";
import { fieldErrors } from "../../ui/fieldErrors";
import { editGroupQuery } from "./EditGroupQuery";
import { GroupForm, type SaveGroup } from "./GroupForm";
import { fieldOf } from "./input";
import { fromGroup } from "./values";

// What the form edits and the detail screen shows; saving answers with it, so both update.
graphql`
  fragment EditGroup_fields on CheckGroup {
    name
    tags
    locations
    privateLocations
    runtimeId
    concurrency
    runParallel
    activated
    muted
    retryStrategy {
      ...RetryStrategyFields_strategy @relay(mask: false)
    }
    useGlobalAlertSettings
    alertSettings {
      ...AlertSettingsForm_settings @relay(mask: false)
    }
    alertChannelSubscriptions {
      alertChannelId
      activated
      alertChannel {
        ...ChannelRow_channel @relay(mask: false)
      }
    }
    apiCheckDefaults {
      url
      headers {
        ...load_pair @relay(mask: false)
      }
      queryParameters {
        ...load_pair @relay(mask: false)
      }
      assertions {
        ...load_assertion @relay(mask: false)
      }
      basicAuth {
        username
        password
      }
    }
    environmentVariables {
      key
      value
      secret
    }
    localSetupScript
    localTearDownScript
    browserCheckDefaults
  }
`;

const update = graphql`
  mutation EditGroupMutation($id: ID!, $input: CheckGroupUpdateInput!) {
    result: updateCheckGroup(id: $id, input: $input) {
      __typename
      ... on UpdateCheckGroupSuccess {
        data {
          id
          ...EditGroup_fields @relay(mask: false)
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

/** Edits a group's settings; its checks take the new ones at their next run. */
export function EditGroup({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<EditGroupQuery>(editGroupQuery, queryRef as PreloadedQuery<EditGroupQuery>);
  const [commit, saving] = useMutation<EditGroupMutation>(update);
  const group = data.node?.group;
  if (!group)
    return (
      <section className="panel">
        <h1>Check group not found</h1>
        <Link to="/check-groups">Back to the groups</Link>
      </section>
    );
  const path = `/check-groups/${encodeURIComponent(group.id)}`;
  const save: SaveGroup = (input, showErrors) =>
    commit({
      variables: { id: group.id, input: input as never },
      onCompleted: ({ result }) => {
        if (result.data?.id) return navigate(path);
        showErrors(fieldErrors(result as never, fieldOf, "The group was not saved."));
      },
      onError: (error) => showErrors({ form: error.message }),
    });
  return (
    <>
      <p>
        <Link to={path}>← {group.name}</Link>
      </p>
      <h1>Edit {group.name}</h1>
      <GroupForm initial={fromGroup(group)} options={data} action="Save the group" saving={saving} onSave={save} />
    </>
  );
}
