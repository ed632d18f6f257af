import { z } from "zod";
import { LIMITS } from "../shared/limits.js";
import { DateInput, queryInt, querySchema, requestBody } from "../shared/schemas.js";
import { ServiceRef } from "../status-page-services/schemas.js";

export const INCIDENT_SEVERITIES = ["CRITICAL", "MAJOR", "MEDIUM", "MINOR"] as const;
export const INCIDENT_STATUSES = ["INVESTIGATING", "IDENTIFIED", "MONITORING", "RESOLVED"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const IncidentStatus = z.enum(INCIDENT_STATUSES);

/** An incident update (spec "Incident update"): status and date default in the verb (they need the incident and the clock). */
const update = {
  description: z.string().trim().min(1).max(10_000),
  status: IncidentStatus.optional(),
  publicIncidentUpdateDate: DateInput.optional(),
};

export const CreateIncidentUpdateInput = requestBody({ ...update, notifySubscribers: z.boolean().default(false) });
export type CreateIncidentUpdateInput = z.input<typeof CreateIncidentUpdateInput>;

/** PUT on an update: description is required; an omitted optional property keeps its value. */
export const UpdateIncidentUpdateInput = requestBody({ ...update, notifySubscribers: z.boolean().optional() });
export type UpdateIncidentUpdateInput = z.input<typeof UpdateIncidentUpdateInput>;

const incident = {
  name: z.string().trim().min(1).max(255),
  severity: z.enum(INCIDENT_SEVERITIES),
  services: z.array(ServiceRef).min(1).max(100),
  /** Derived in responses; the reference document lets requests carry them, and they are ignored. */
  lastUpdateStatus: IncidentStatus.optional(),
  duration: z.number().int().nullable().optional(),
};

export const CreateIncidentInput = requestBody({
  ...incident,
  incidentUpdates: z.array(CreateIncidentUpdateInput).min(1).max(100),
});
export type CreateIncidentInput = z.input<typeof CreateIncidentInput>;

/**
 * PUT replaces name, severity and services. Updates change through their own operations only
 * (the reference document's PUT body has no incidentUpdates); a body read from GET may still
 * carry them, so an array there is accepted and ignored.
 */
export const UpdateIncidentInput = requestBody({
  ...incident,
  incidentUpdates: z
    .array(z.unknown())
    .max(LIMITS.items)
    .optional()
    .describe("ignored: use the incident-updates operations"),
});
export type UpdateIncidentInput = z.input<typeof UpdateIncidentInput>;

export const ListIncidentsQuery = querySchema({
  limit: queryInt(1, 100).default(20),
  nextId: z.string().max(LIMITS.token).optional(),
});

/** The incident-updates listing shows the 100 latest (spec, Limits). */
export const INCIDENT_UPDATES_LISTED = 100;
