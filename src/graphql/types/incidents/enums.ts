import { INCIDENT_SEVERITIES, INCIDENT_STATUSES } from "../../../domain/incidents/index.js";
import { builder } from "../../builder.js";

export const IncidentSeverityEnum = builder.enumType("IncidentSeverity", { values: INCIDENT_SEVERITIES });

export const IncidentStatusEnum = builder.enumType("IncidentStatus", {
  description: "The status of an incident update; an incident's lastUpdateStatus is that of its latest update.",
  values: INCIDENT_STATUSES,
});

export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
