import { type FormEvent, useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { AlertSettingsForm_settings$key } from "../../__generated__/AlertSettingsForm_settings.graphql";
import type { AlertSettingsFormMutation } from "../../__generated__/AlertSettingsFormMutation.graphql";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { useFormValues } from "../../ui/useFormValues";
import { AlertSettingsFields } from "../form/AlertSettingsFields";
import { alertFieldOf, alertSettingsInput, alertValuesOf } from "../form/alertSettings";

const fragment = graphql`
  fragment AlertSettingsForm_settings on AlertSettings {
    escalationType
    runBasedEscalation {
      failedRunThreshold
    }
    timeBasedEscalation {
      minutesFailingThreshold
    }
    reminders {
      amount
      interval
    }
    parallelRunFailureThreshold {
      enabled
      percentage
    }
    sslCertificates {
      enabled
      alertThreshold
    }
  }
`;

const save = graphql`
  mutation AlertSettingsFormMutation($input: AlertSettingsInput!) {
    result: updateAlertSettings(input: $input) {
      __typename
      ... on UpdateAlertSettingsSuccess {
        data {
          ...AlertSettingsForm_settings
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

/** The account's escalation, reminders, and parallel-run threshold. */
export function AlertSettingsForm({ settings }: { settings: AlertSettingsForm_settings$key }) {
  const stored = useFragment(fragment, settings);
  const { values: form, set, errors, setErrors } = useFormValues(() => alertValuesOf(stored));
  const [message, setMessage] = useState("");
  const [commit, saving] = useMutation<AlertSettingsFormMutation>(save);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage("");
    const input = {
      ...alertSettingsInput(form, false),
      // The mutation replaces the whole: the SSL part, edited with SSL checks, is sent back as stored.
      ...(stored.sslCertificates ? { sslCertificates: stored.sslCertificates } : {}),
    };
    commit({
      variables: { input },
      onCompleted: ({ result }) => {
        if (result.data) return setMessage("Saved.");
        setErrors(fieldErrors(result as never, (path) => alertFieldOf(path) ?? "form", "Not saved."));
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  return (
    <form className="form panel" onSubmit={submit} noValidate aria-label="Alert settings">
      <FormError text={errors.form} />
      <p role="status" className="muted">
        {message}
      </p>
      <AlertSettingsFields form={form} set={set} errors={errors} />
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          Save the settings
        </button>
      </div>
    </form>
  );
}
