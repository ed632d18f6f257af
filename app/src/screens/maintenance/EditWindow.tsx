import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { EditWindowMutation } from "../../__generated__/EditWindowMutation.graphql";
import type { EditWindowQuery } from "../../__generated__/EditWindowQuery.graphql";
import type { ScreenProps } from "../../routes";
import { Link, navigate } from "../../router/router";
import { fieldErrors } from "../../ui/fieldErrors";
import { fieldOf, fromWindow } from "./values";
import { editWindowQuery } from "./EditWindowQuery";
import { type SaveWindow, WindowForm } from "./WindowForm";

// What the form edits; the detail screen asks for the same, so saving updates it in the store.
graphql`
  fragment EditWindow_fields on MaintenanceWindow {
    name
    description
    timezone
    startsAt
    endsAt
    repeatUnit
    repeatInterval
    repeatEndsAt
    tags
    pauseAllChecks
    silenceAlertsTags
    silenceAllAlerts
    statusPageVisibility {
      enabled
      statusPageIds
      notifyOnStart
      notifyOnEnd
      affectAllServices
      serviceIds
      severity
      reminderMinutesBefore
      autoStart
      autoEnd
      showAffectedServices
      suppressAutoIncidents
    }
  }
`;

const update = graphql`
  mutation EditWindowMutation($id: ID!, $input: MaintenanceWindowInput!) {
    result: updateMaintenanceWindow(id: $id, input: $input) {
      __typename
      ... on UpdateMaintenanceWindowSuccess {
        data {
          id
          ...EditWindow_fields @relay(mask: false)
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

/** Edits a window: its times shown and read in its own zone; moved and skipped occurrences keep. */
export function EditWindow({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<EditWindowQuery>(editWindowQuery, queryRef as PreloadedQuery<EditWindowQuery>);
  const [commit, saving] = useMutation<EditWindowMutation>(update);
  const window = data.node?.window;
  if (!window)
    return (
      <section className="panel">
        <h1>Maintenance window not found</h1>
        <Link to="/maintenance">Back to maintenance</Link>
      </section>
    );
  const path = `/maintenance/${encodeURIComponent(window.id)}`;
  const save: SaveWindow = (input, showErrors) =>
    commit({
      variables: { id: window.id, input: input as never },
      onCompleted: ({ result }) => {
        if (result.data?.id) return navigate(path);
        showErrors(fieldErrors(result as never, fieldOf, "The window was not saved."));
      },
      onError: (error) => showErrors({ form: error.message }),
    });
  return (
    <>
      <p>
        <Link to={path}>← {window.name}</Link>
      </p>
      <h1>Edit {window.name}</h1>
      <WindowForm
        initial={fromWindow(window)}
        stored={window}
        pages={data}
        action="Save the window"
        saving={saving}
        onSave={save}
      />
    </>
  );
}
