import { type FormEvent, useRef, useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { Occurrence_maintenance$key } from "../../__generated__/Occurrence_maintenance.graphql";
import type { OccurrenceMoveMutation } from "../../__generated__/OccurrenceMoveMutation.graphql";
import type { OccurrenceSkipMutation } from "../../__generated__/OccurrenceSkipMutation.graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";
import { maintenanceStatusLabel, OccurrenceTimes } from "./OccurrenceTimes";
import { MaintenanceUpdates } from "./MaintenanceUpdates";
import { isoToLocal, localToIso } from "./zones";

const fragment = graphql`
  fragment Occurrence_maintenance on Maintenance {
    id
    startsAt
    endsAt
    status
    moved
    cancelled
    ...MaintenanceUpdates_maintenance
  }
`;

const skip = graphql`
  mutation OccurrenceSkipMutation($id: ID!) {
    result: skipMaintenance(id: $id) {
      __typename
      ... on SkipMaintenanceSuccess {
        data {
          id
          status
          cancelled
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const move = graphql`
  mutation OccurrenceMoveMutation($id: ID!, $input: MoveMaintenanceInput!) {
    result: moveMaintenance(id: $id, input: $input) {
      __typename
      ... on MoveMaintenanceSuccess {
        data {
          id
          startsAt
          endsAt
          status
          moved
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

/** One occurrence of a window: when (both zones), its state, skip or move it, and its updates. */
export function Occurrence({ maintenance, zone }: { maintenance: Occurrence_maintenance$key; zone: string }) {
  const m = useFragment(fragment, maintenance);
  const dialog = useRef<HTMLDialogElement>(null);
  const [moving, setMoving] = useState(false);
  const [times, setTimes] = useState({ startsAt: "", endsAt: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commitSkip, skipping] = useMutation<OccurrenceSkipMutation>(skip);
  const [commitMove, saving] = useMutation<OccurrenceMoveMutation>(move);
  const key = m.id.replace(/\W/g, "");
  const openMove = () => {
    setTimes({ startsAt: isoToLocal(m.startsAt, zone), endsAt: isoToLocal(m.endsAt, zone) });
    setErrors({});
    setMoving(true);
  };
  const confirmSkip = () => {
    dialog.current?.close();
    commitSkip({
      variables: { id: m.id },
      onCompleted: ({ result }) => {
        if (result.__typename !== "SkipMaintenanceSuccess") setErrors({ form: result.message ?? "Not skipped." });
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  const submitMove = (event: FormEvent) => {
    event.preventDefault();
    const at = (local: string) => localToIso(local, zone) ?? local;
    commitMove({
      variables: { id: m.id, input: { startsAt: at(times.startsAt), endsAt: at(times.endsAt) } },
      onCompleted: ({ result }) => {
        if (result.__typename === "MoveMaintenanceSuccess") return setMoving(false);
        setErrors(fieldErrors(result as never, (path) => path.split(".").pop() ?? path, "Not moved."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  const upcoming = m.status === "SCHEDULED";
  return (
    <li data-testid="occurrence" data-status={m.status}>
      <strong>{maintenanceStatusLabel(m.status)}</strong>
      {m.moved ? <span className="muted"> · moved</span> : null}
      <OccurrenceTimes startsAt={m.startsAt} endsAt={m.endsAt} zone={zone} />
      {!moving && errors.form ? <FormError text={errors.form} /> : null}
      {upcoming && !moving ? (
        <div className="actions">
          <button type="button" onClick={openMove}>
            Move…
          </button>
          <button type="button" className="danger" disabled={skipping} onClick={() => dialog.current?.showModal()}>
            Skip…
          </button>
        </div>
      ) : null}
      {moving ? (
        <form className="form" onSubmit={submitMove} noValidate aria-label="Move this occurrence">
          <FormError text={errors.form} />
          {(["startsAt", "endsAt"] as const).map((field) => (
            <Field
              key={field}
              id={`${field}-${key}`}
              label={`New ${field === "startsAt" ? "start" : "end"} (${zone})`}
              error={errors[field]}
            >
              {(props) => (
                <input
                  {...props}
                  type="datetime-local"
                  value={times[field]}
                  onChange={(event) => setTimes((t) => ({ ...t, [field]: event.target.value }))}
                />
              )}
            </Field>
          ))}
          <div className="actions">
            <button type="submit" className="primary" disabled={saving}>
              Move it
            </button>
            <button type="button" onClick={() => setMoving(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <MaintenanceUpdates maintenance={m} />
      <ConfirmDialog
        dialog={dialog}
        id={`skip-${key}`}
        title="Skip this occurrence?"
        text="It will neither pause checks nor silence alerts; the window's other occurrences stay."
        action="Skip it"
        danger
        onConfirm={confirmSkip}
      />
    </li>
  );
}
