import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { NewGroupMutation } from "../../__generated__/NewGroupMutation.graphql";
import type { NewGroupQuery } from "../../__generated__/NewGroupQuery.graphql";
import type { ScreenProps } from "../../routes";
import { navigate } from "../../router/router";
import { fieldErrors } from "../../ui/fieldErrors";
import { GroupForm, type SaveGroup } from "./GroupForm";
import { fieldOf } from "./input";
import { newGroupQuery } from "./NewGroupQuery";
import { emptyGroup } from "./values";

const create = graphql`
  mutation NewGroupMutation($input: CheckGroupInput!) {
    result: createCheckGroup(input: $input) {
      __typename
      ... on CreateCheckGroupSuccess {
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

/** Makes a check group: the settings its checks will inherit. */
export function NewGroup({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<NewGroupQuery>(newGroupQuery, queryRef as PreloadedQuery<NewGroupQuery>);
  const [commit, saving] = useMutation<NewGroupMutation>(create);
  const save: SaveGroup = (input, showErrors) =>
    commit({
      variables: { input: input as never },
      onCompleted: ({ result }) => {
        if (result.data?.id) return navigate(`/check-groups/${encodeURIComponent(result.data.id)}`);
        showErrors(fieldErrors(result as never, fieldOf, "The group was not made."));
      },
      onError: (error) => showErrors({ form: error.message }),
    });
  return (
    <>
      <h1>New check group</h1>
      <GroupForm
        initial={emptyGroup()}
        options={data}
        subscribeAll
        action="Make the group"
        saving={saving}
        onSave={save}
      />
    </>
  );
}
