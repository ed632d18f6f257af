import type { IncidentColumn, ShownColumns, UpdateColumn } from "../../../domain/incidents/index.js";
import type { GraphQLContext } from "../../context.js";
import { columnsOf } from "../../selection.js";
import { SERVICE_FIELD_COLUMNS } from "../services/type.js";

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

/** The columns of incidents, their updates and services that the request's answer reads. */
export function shownColumns(ctx: GraphQLContext): ShownColumns {
  return {
    incidents: columnsOf(ctx, "Incident", INCIDENT_FIELD_COLUMNS),
    updates: columnsOf(ctx, "IncidentUpdate", UPDATE_FIELD_COLUMNS),
    services: columnsOf(ctx, "Service", SERVICE_FIELD_COLUMNS),
  };
}
