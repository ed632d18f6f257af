export { createIncident } from "./create.js";
export { deleteIncident } from "./delete.js";
export * from "./derive.js";
export { findIncident, getIncident } from "./get.js";
export {
  incidentInclude,
  loadIncidents,
  toIncidentView,
  updatesNewestFirst,
  type IncidentRow,
  type IncidentView,
} from "./load.js";
export { listIncidents } from "./list.js";
export * from "./pages.js";
export * from "./schemas.js";
export { updateIncident } from "./update.js";
export { createIncidentUpdate } from "./updates/create.js";
export { deleteIncidentUpdate } from "./updates/delete.js";
export { findIncidentUpdate, getIncidentUpdate } from "./updates/get.js";
export { listIncidentUpdates } from "./updates/list.js";
export { updateIncidentUpdate } from "./updates/update.js";
export { getIncidentShownOn, incidentsOfStatusPages, incidentViews, type StatusPageIncidentsRequest } from "./batch.js";
export { getIncidents, getIncidentUpdates, pageIncidents, pageIncidentUpdates } from "./page.js";
export { deleteIncidentUpdateById, updateIncidentUpdateById } from "./update-by-id.js";
