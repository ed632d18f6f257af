import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { UpdateFormCreateMutation } from "../../__generated__/UpdateFormCreateMutation.graphql";
import type { UpdateFormEditMutation } from "../../__generated__/UpdateFormEditMutation.graphql";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";
import { MAINTENANCE_STATUSES, maintenanceStatusLabel } from "./OccurrenceTimes";

// Both answer with the occurrence's updates and status, so the list re-renders from the store.
const create = graphql`
  mutation UpdateFormCreateMutation($maintenanceId: ID!, $input: CreateMaintenanceUpdateInput!) {
    result: createMaintenanceUpdate(maintenanceId: $maintenanceId, input: $input) {
      __typename
      ... on CreateMaintenanceUpdateSuccess {
        data {
          maintenance {
            ...MaintenanceUpdates_maintenance
          }
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

const edit = graphql`
  mutation UpdateFormEditMutation($id: ID!, $input: UpdateMaintenanceUpdateInput!) {
    result: updateMaintenanceUpdate(id: $id, input: $input) {
      __typename
      ... on UpdateMaintenanceUpdateSuccess {
        data {
          id
          status
          description
          notifySubscribers
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

type Existing = { id: string; status: string; description: string };

/** Posts an update of an occurrence, or edits one: status, text, and whether subscribers hear of it. */
export function UpdateForm({
  maintenanceId,
  update,
  idPrefix,
  onDone,
}: {
  maintenanceId: string;
  update?: Existing;
  idPrefix: string;
  onDone: () => void;
}) {
  const [status, setStatus] = useState(update?.status ?? "IN_PROGRESS");
  const [description, setDescription] = useState(update?.description ?? "");
  const [notify, setNotify] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commitCreate, creating] = useMutation<UpdateFormCreateMutation>(create);
  const [commitEdit, editing] = useMutation<UpdateFormEditMutation>(edit);
  const answered = (result: { __typename: string; message?: string; fieldPaths?: readonly string[] }) => {
    if (result.__typename.endsWith("Success")) return onDone();
    setErrors(fieldErrors(result, (path) => path.split(".").pop() ?? path, "The update was not saved."));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const input = { status: status as never, description, notifySubscribers: notify };
    const onError = (error: Error) => setErrors({ form: error.message });
    if (update)
      commitEdit({ variables: { id: update.id, input }, onCompleted: (r) => answered(r.result as never), onError });
    else
      commitCreate({ variables: { maintenanceId, input }, onCompleted: (r) => answered(r.result as never), onError });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={update ? "Edit the update" : "Post an update"}>
      <FormError text={errors.form} />
      <Field id={`${idPrefix}status`} label="Status" error={errors.status}>
        {(props) => (
          <select {...props} value={status} onChange={(event) => setStatus(event.target.value)}>
            {MAINTENANCE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {maintenanceStatusLabel(value)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${idPrefix}description`} label="Update" error={errors.description}>
        {(props) => (
          <textarea {...props} rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
        )}
      </Field>
      <label className="inline">
        <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} /> Notify the
        pages' subscribers
      </label>
      <div className="actions">
        <button type="submit" className="primary" disabled={creating || editing}>
          {update ? "Save the update" : "Post the update"}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
