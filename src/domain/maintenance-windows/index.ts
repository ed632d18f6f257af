export { createMaintenanceWindow } from "./create.js";
export { deleteMaintenanceWindow } from "./delete.js";
export { getMaintenanceWindow } from "./get.js";
export { listMaintenanceWindows } from "./list.js";
export { updateMaintenanceWindow } from "./update.js";
export * from "./schemas.js";
export { pageMaintenanceWindows } from "./page.js";
export { getMaintenanceWindows } from "./batch.js";
export type { MaintenanceWindowRow } from "./rows.js";
export { activeOccurrence, isWindowActive, occurrenceStart } from "./active.js";
export {
  checkMaintenanceStatus,
  checkMaintenanceStatuses,
  maintenanceStatus,
  type MaintenanceReason,
  type MaintenanceStatus,
} from "./status.js";
