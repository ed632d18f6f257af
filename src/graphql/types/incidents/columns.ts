import type { IncidentColumn, ShownColumns, UpdateColumn } from "../../../domain/incidents/index.js";
import type { GraphQLContext } from "../../context.js";
import { columnsOf } from "../../selection.js";
import { SERVICE_FIELD_COLUMNS } from "../status-page-services/type.js";

/**
 * The columns each field reads besides those the domain always reads (ids, statuses and the dates
 * lists are ordered by): the status-page tree reads only what its answer's fields need
 * (selection.ts). A field not listed reads whole rows; relations and derived fields read none.
 */
const INCIDENT_FIELD_COLUMNS: Record<string, readonly IncidentColumn[]> = {
  id: [],
  databaseId: [],
  name: ["name"],
  severity: ["severity"],
  services: [],
  updates: [],
  lastUpdateStatus: [],
  duration: [],
  statusPages: [],
  createdAt: [],
  updatedAt: ["updatedAt"],
};
const UPDATE_FIELD_COLUMNS: Record<string, readonly UpdateColumn[]> = {
  id: [],
  databaseId: [],
  description: ["description"],
  status: [],
  publicIncidentUpdateDate: [],
  notifySubscribers: ["notifySubscribers"],
  createdAt: [],
  updatedAt: ["updatedAt"],
  incident: [],
};

/**
 * The incident fields that read its services (the list itself, and the pages showing them); a
 * field not listed in INCIDENT_FIELD_COLUMNS counts as one.
 */
const SERVICES_READ_BY: Record<string, readonly "services"[]> = Object.fromEntries(
  Object.keys(INCIDENT_FIELD_COLUMNS).map((field) => [
    field,
    field === "services" || field === "statusPages" ? ["services"] : [],
  ]),
);

/**
 * The columns of incidents, their updates and services that the request's answer reads; no
 * service at all when no incident field it selects reads them (a nested status-page query
 * showing incidents without their services skips a statement over every incident's links).
 */
export function shownColumns(ctx: GraphQLContext): ShownColumns {
  const services = columnsOf(ctx, "Incident", SERVICES_READ_BY, "services");
  return {
    incidents: columnsOf(ctx, "Incident", INCIDENT_FIELD_COLUMNS),
    updates: columnsOf(ctx, "IncidentUpdate", UPDATE_FIELD_COLUMNS),
    services: services && !services.length ? false : columnsOf(ctx, "Service", SERVICE_FIELD_COLUMNS),
  };
}
