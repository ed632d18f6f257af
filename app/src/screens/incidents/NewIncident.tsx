import { type FormEvent, useState } from "react";
import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { NewIncidentCreateMutation } from "../../__generated__/NewIncidentCreateMutation.graphql";
import type { NewIncidentQuery } from "../../__generated__/NewIncidentQuery.graphql";
import type { ScreenProps } from "../../routes";
import { navigate } from "../../router/router";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { Field } from "../form/Field";
import { SEVERITIES } from "./badges";
import { newIncidentQuery } from "./NewIncidentQuery";
import { ServicePicker } from "./ServicePicker";
import { UpdateFields, type UpdateValues } from "./UpdateFields";

const create = graphql`
  mutation NewIncidentCreateMutation($input: CreateIncidentInput!) {
    result: createIncident(input: $input) {
      __typename
      ... on CreateIncidentSuccess {
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

/** "incidentUpdates.0.description" is the first update's description field. */
const fieldOf = (path: string) =>
  path.startsWith("incidentUpdates") ? path.split(".").pop() || "description" : path.split(".")[0]!;

/** Opens an incident: its services, severity and first update, optionally told to the pages' subscribers. */
export function NewIncident({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<NewIncidentQuery>(newIncidentQuery, queryRef as PreloadedQuery<NewIncidentQuery>);
  const [name, setName] = useState("");
  const [severity, setSeverity] = useState<(typeof SEVERITIES)[number]>("MAJOR");
  const [services, setServices] = useState<string[]>([]);
  const [update, setUpdate] = useState<UpdateValues>({ status: "INVESTIGATING", description: "", notify: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<NewIncidentCreateMutation>(create);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    commit({
      variables: {
        input: {
          name,
          severity,
          services: services.map((id) => ({ id })),
          incidentUpdates: [
            { description: update.description, status: update.status, notifySubscribers: update.notify },
          ],
        },
      },
      onCompleted: ({ result }) => {
        if (result.data?.id) return navigate(`/incidents/${encodeURIComponent(result.data.id)}`);
        setErrors(fieldErrors(result as never, fieldOf, "The incident was not opened."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  return (
    <>
      <h1>Open an incident</h1>
      <form className="form panel" onSubmit={submit} noValidate>
        <FormError text={errors.form} />
        <Field id="name" label="Name" error={errors.name}>
          {(props) => <input {...props} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <Field id="severity" label="Severity" error={errors.severity}>
          {(props) => (
            <select {...props} value={severity} onChange={(event) => setSeverity(event.target.value as never)}>
              {SEVERITIES.map((value) => (
                <option key={value} value={value}>
                  {value.charAt(0) + value.slice(1).toLowerCase()}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ServicePicker query={data} chosen={services} onChange={setServices} error={errors.services} />
        <UpdateFields
          prefix=""
          label="First update"
          hint="What visitors of the status pages read"
          values={update}
          set={(change) => setUpdate((v) => ({ ...v, ...change }))}
          errors={errors}
        />
        <div className="actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? "Opening…" : "Open the incident"}
          </button>
        </div>
      </form>
    </>
  );
}
