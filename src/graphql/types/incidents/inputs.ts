import { builder } from "../../builder.js";
import { ServiceReferenceInput } from "../status-page-services/inputs.js";
import { IncidentSeverityEnum, IncidentStatusEnum } from "./enums.js";

/** The fields of an update; the domain validates them and fills the defaults (status, date). */
export const IncidentUpdateInput = builder.inputType("IncidentUpdateInput", {
  fields: (t) => ({
    description: t.string({ required: true }),
    status: t.field({
      type: IncidentStatusEnum,
      description: "Omitted: the incident's current status (INVESTIGATING for a first update).",
    }),
    publicIncidentUpdateDate: t.string({ description: "YYYY-MM-DD or an ISO 8601 date-time; omitted: now" }),
    notifySubscribers: t.boolean(),
  }),
});

export const CreateIncidentInput = builder.inputType("CreateIncidentInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    severity: t.field({ type: IncidentSeverityEnum, required: true }),
    services: t.field({
      type: [ServiceReferenceInput],
      required: true,
      description: "At least one service of the account",
    }),
    incidentUpdates: t.field({
      type: [IncidentUpdateInput],
      required: true,
      description: "The first updates (at least one)",
    }),
  }),
});

/** PUT semantics: name, severity and services are replaced; updates change through their own mutations. */
export const UpdateIncidentInput = builder.inputType("UpdateIncidentInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    severity: t.field({ type: IncidentSeverityEnum, required: true }),
    services: t.field({
      type: [ServiceReferenceInput],
      required: true,
      description: "At least one service of the account",
    }),
  }),
});
