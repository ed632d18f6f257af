import type { MaintenanceWindow } from "../../generated/sqlite/client.js";

/** A stored maintenance window. */
export type MaintenanceWindowRow = MaintenanceWindow;
