import { z } from "zod";
import {
  MAINTENANCE_STATUSES,
  type MaintenanceStatusName,
  type MaintenanceUpdateRow,
  type MaintenanceView,
} from "../../domain/maintenances/index.js";
import { iso, isoString } from "../format.js";

/** The reference's Model62 (a maintenance window status update). */
export const MaintenanceUpdateResponse = z.object({
  id: z.string(),
  maintenanceWindowId: z.number().int(),
  maintenanceId: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  description: z.string(),
  notifySubscribers: z.boolean(),
  created_at: isoString,
  previousStatus: z.enum(MAINTENANCE_STATUSES).nullable(),
  previousStartsAt: isoString.nullable().describe("always null: moves are not recorded on updates"),
  previousEndsAt: isoString.nullable().describe("always null: moves are not recorded on updates"),
  dateAdjustments: z.object({ startsAt: isoString, endsAt: isoString }).nullable().describe("always null"),
});

/** The reference's MaintenanceWindowMaintenance: one occurrence with its updates, newest first. */
export const MaintenanceResponse = z.object({
  id: z.string(),
  maintenanceWindowId: z.number().int(),
  startsAt: isoString,
  endsAt: isoString,
  status: z
    .enum(MAINTENANCE_STATUSES)
    .describe("CANCELLED once skipped, else SCHEDULED, IN_PROGRESS or COMPLETED by time"),
  created_at: isoString,
  updated_at: isoString,
  updates: z.array(MaintenanceUpdateResponse),
});

export function toMaintenanceUpdateResponse(u: MaintenanceUpdateRow): z.infer<typeof MaintenanceUpdateResponse> {
  return {
    id: u.id,
    maintenanceWindowId: u.windowId,
    maintenanceId: u.maintenanceId,
    status: u.status as MaintenanceStatusName,
    description: u.description,
    notifySubscribers: u.notifySubscribers,
    created_at: iso(u.createdAt),
    previousStatus: (u.previousStatus as MaintenanceStatusName | null) ?? null,
    previousStartsAt: null,
    previousEndsAt: null,
    dateAdjustments: null,
  };
}

export function toMaintenanceResponse(m: MaintenanceView): z.infer<typeof MaintenanceResponse> {
  return {
    id: m.id,
    maintenanceWindowId: m.windowId,
    startsAt: iso(m.startsAt),
    endsAt: iso(m.endsAt),
    status: m.status,
    created_at: iso(m.createdAt),
    updated_at: iso(m.updatedAt),
    updates: m.updates.map(toMaintenanceUpdateResponse),
  };
}
