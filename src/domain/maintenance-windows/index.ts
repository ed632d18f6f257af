export { createMaintenanceWindow } from "./create.js";
export { deleteMaintenanceWindow } from "./delete.js";
export { getMaintenanceWindow } from "./get.js";
export { listMaintenanceWindows } from "./list.js";
export { updateMaintenanceWindow } from "./update.js";
export * from "./schemas.js";
export { pageMaintenanceWindows } from "./page.js";
export { ongoingMaintenanceWindows } from "./ongoing.js";
export { getMaintenanceWindows } from "./batch.js";
export type { MaintenanceWindowRow } from "./rows.js";
export {
  activeOccurrence,
  currentOrNextOccurrence,
  isWindowActive,
  latestEnd,
  latestStart,
  occurrenceStart,
} from "./active.js";
export {
  MAINTENANCE_SEVERITIES,
  readVisibility,
  StatusPageVisibility,
  type StatusPageVisibility as StatusPageVisibilityValue,
} from "./visibility.js";
export {
  checkMaintenanceStatus,
  checkMaintenanceStatuses,
  maintenanceStatus,
  type MaintenanceReason,
  type MaintenanceStatus,
} from "./status.js";
export { listPageMaintenance, maintenanceOnPage, type WindowOnPage, UPCOMING_HORIZON_MS } from "./on-status-page.js";
export { NOTICE_GRACE_MS, notifyMaintenanceTransitions } from "./notices.js";
