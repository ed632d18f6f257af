import type { Maintenance, MaintenanceUpdate } from "../../generated/sqlite/client.js";
import type { MaintenanceStatusName } from "./schemas.js";

export type MaintenanceRow = Maintenance;
export type MaintenanceUpdateRow = MaintenanceUpdate & { windowId: number };

/** An occurrence as every adapter shows it: its row, its derived status and its updates, newest first. */
export type MaintenanceView = MaintenanceRow & { status: MaintenanceStatusName; updates: MaintenanceUpdateRow[] };

/**
 * An occurrence's status: CANCELLED once skipped, else from the clock: SCHEDULED before it starts,
 * IN_PROGRESS while it runs, COMPLETED after (the engine pauses by the same times).
 */
export function maintenanceStatusAt(row: Pick<MaintenanceRow, "startsAt" | "endsAt" | "cancelled">, now: Date) {
  if (row.cancelled) return "CANCELLED";
  if (now < row.startsAt) return "SCHEDULED";
  return now < row.endsAt ? "IN_PROGRESS" : "COMPLETED";
}

export const updatesInclude = { updates: { orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }] } };

export function toView(row: MaintenanceRow & { updates: MaintenanceUpdate[] }, now: Date): MaintenanceView {
  return {
    ...row,
    status: maintenanceStatusAt(row, now),
    updates: row.updates.map((update) => ({ ...update, windowId: row.windowId })),
  };
}
