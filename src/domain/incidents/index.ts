export { createIncident } from "./create.js";
export { deleteIncident } from "./delete.js";
export * from "./derive.js";
export { findIncident, getIncident, getIncidentShownOn } from "./get.js";
export { incidentInclude, updatesNewestFirst, type IncidentRow, type IncidentUpdateRow } from "./rows.js";
export { findIncidentViews, incidentViews, toIncidentView, type IncidentView, type UpdateColumn } from "./view.js";
export { listIncidents } from "./list.js";
export * from "./shown-on.js";
export * from "./schemas.js";
export { updateIncident } from "./update.js";
export { createIncidentUpdate } from "./updates/create.js";
export { deleteIncidentUpdate } from "./updates/delete.js";
export { findIncidentUpdate, getIncidentUpdate } from "./updates/get.js";
export { listIncidentUpdates } from "./updates/list.js";
export { updateIncidentUpdate } from "./updates/update.js";
export {
  incidentsOfStatusPages,
  type IncidentColumn,
  type ShownColumns,
  type StatusPageIncidentsRequest,
} from "./children.js";
export { pageIncidents } from "./page.js";
export { getIncidents } from "./batch.js";
export { getIncidentUpdates } from "./updates/batch.js";
export { pageIncidentUpdates } from "./updates/page.js";
export { deleteIncidentUpdateById, updateIncidentUpdateById } from "./updates/by-id.js";
export { statusPagesShowingIncidents } from "./pages-showing.js";
