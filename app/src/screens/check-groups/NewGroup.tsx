import { graphql, useMutation } from "react-relay";
import type { NewGroupMutation } from "../../__generated__/NewGroupMutation.graphql";
import { navigate } from "../../router/router";
import { fieldErrors } from "../../ui/fieldErrors";
import { GroupForm, type SaveGroup } from "./GroupForm";
import { emptyGroup, fieldOf } from "./values";

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
export function NewGroup() {
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
      <GroupForm initial={emptyGroup()} action="Make the group" saving={saving} onSave={save} />
    </>
  );
}
