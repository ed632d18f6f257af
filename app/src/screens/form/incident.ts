// A check's trigger-incident setting as the form edits it, and its input (no JSX: input.ts takes it).

/** A check's incident: what it opens on a status page service while it fails ("": none). */
export type IncidentValues = {
  serviceId: string;
  name: string;
  description: string;
  severity: string;
  notifySubscribers: boolean;
};

export const NO_INCIDENT: IncidentValues = {
  serviceId: "",
  name: "",
  description: "",
  severity: "MAJOR",
  notifySubscribers: false,
};

/** The TriggerIncidentInput (null: none). */
export const incidentInput = (incident: IncidentValues) => (incident.serviceId ? { ...incident } : null);
