import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { NewWindowMutation } from "../../__generated__/NewWindowMutation.graphql";
import type { NewWindowQuery } from "../../__generated__/NewWindowQuery.graphql";
import type { ScreenProps } from "../../routes";
import { navigate } from "../../router/router";
import { fieldErrors } from "../../ui/fieldErrors";
import { emptyWindow, fieldOf } from "./values";
import { newWindowQuery } from "./NewWindowQuery";
import { type SaveWindow, WindowForm } from "./WindowForm";

const create = graphql`
  mutation NewWindowMutation($input: MaintenanceWindowInput!) {
    result: createMaintenanceWindow(input: $input) {
      __typename
      ... on CreateMaintenanceWindowSuccess {
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

/** Schedules a maintenance window: once or repeating, in a time zone, for tags or all checks. */
export function NewWindow({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<NewWindowQuery>(newWindowQuery, queryRef as PreloadedQuery<NewWindowQuery>);
  const [commit, saving] = useMutation<NewWindowMutation>(create);
  const save: SaveWindow = (input, showErrors) =>
    commit({
      variables: { input: input as never },
      onCompleted: ({ result }) => {
        if (result.data?.id) return navigate(`/maintenance/${encodeURIComponent(result.data.id)}`);
        showErrors(fieldErrors(result as never, fieldOf, "The window was not saved."));
      },
      onError: (error) => showErrors({ form: error.message }),
    });
  return (
    <>
      <h1>Schedule maintenance</h1>
      <WindowForm initial={emptyWindow()} pages={data} action="Schedule the window" saving={saving} onSave={save} />
    </>
  );
}
