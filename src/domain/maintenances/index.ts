export {
  getMaintenance,
  getMaintenances,
  getMaintenanceUpdates,
  maintenancesBetween,
  maintenancesOfWindows,
} from "./get.js";
export { listMaintenances } from "./list.js";
export { moveMaintenance, skipMaintenance } from "./write.js";
export { createMaintenanceUpdate, deleteMaintenanceUpdate, updateMaintenanceUpdate } from "./updates.js";
export * from "./schemas.js";
export { maintenanceStatusAt, type MaintenanceUpdateRow, type MaintenanceView } from "./view.js";
