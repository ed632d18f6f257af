import { Field } from "./Field";
import type { IncidentValues } from "./incident";
import type { SectionProps } from "./section";

const SEVERITIES = ["MINOR", "MEDIUM", "MAJOR", "CRITICAL"];

/** The incident it opens on a status page service while it fails (none when no service is chosen). */
export function IncidentFields({
  values,
  set,
  errors,
  services,
}: SectionProps & { services: { id: string; name: string }[] }) {
  const incident = values.incident;
  const change = (part: Partial<IncidentValues>) => set({ incident: { ...incident, ...part } });
  const text = (id: "name" | "description", label: string) => (
    <Field id={`incident-${id}`} label={label} error={errors[`incident-${id}`]}>
      {(props) => <input {...props} value={incident[id]} onChange={(e) => change({ [id]: e.target.value })} />}
    </Field>
  );
  return (
    <fieldset>
      <legend>Incident while it fails</legend>
      <Field id="incident-serviceId" label="Status page service" error={errors["incident-serviceId"]}>
        {(props) => (
          <select {...props} value={incident.serviceId} onChange={(e) => change({ serviceId: e.target.value })}>
            <option value="">No incident</option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {incident.serviceId ? (
        <>
          {text("name", "Incident name")}
          {text("description", "Incident description")}
          <Field id="incident-severity" label="Severity" error={errors["incident-severity"]}>
            {(props) => (
              <select {...props} value={incident.severity} onChange={(e) => change({ severity: e.target.value })}>
                {SEVERITIES.map((severity) => (
                  <option key={severity} value={severity}>
                    {severity.charAt(0) + severity.slice(1).toLowerCase()}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <label className="inline">
            <input
              type="checkbox"
              checked={incident.notifySubscribers}
              onChange={(e) => change({ notifySubscribers: e.target.checked })}
            />{" "}
            Notify the page's subscribers
          </label>
        </>
      ) : null}
    </fieldset>
  );
}
