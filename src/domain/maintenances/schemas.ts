import { z } from "zod";
import { DateInput, queryInt, querySchema, requestBody } from "../shared/schemas.js";

/** An occurrence's status, and an update's (the reference's lifecycle). */
export const MAINTENANCE_STATUSES = ["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED", "CANCELLED"] as const;
export type MaintenanceStatusName = (typeof MAINTENANCE_STATUSES)[number];

/** The reference's list: page/limit, at most 50 a page. */
export const ListMaintenancesQuery = querySchema({
  limit: queryInt(1, 50).default(10),
  page: queryInt(1, 1_000_000).default(1),
});

/** PATCH: new dates for one occurrence; an omitted one keeps its value (the other moves with it only when sent). */
export const MoveMaintenanceInput = requestBody({ startsAt: DateInput.optional(), endsAt: DateInput.optional() });
export type MoveMaintenanceInput = z.input<typeof MoveMaintenanceInput>;

const description = z.string().trim().min(1).max(2000);

export const CreateMaintenanceUpdateInput = requestBody({
  status: z.enum(MAINTENANCE_STATUSES),
  description,
  notifySubscribers: z.boolean().default(false),
});
export type CreateMaintenanceUpdateInput = z.input<typeof CreateMaintenanceUpdateInput>;

/** PUT: description replaced; status and notifySubscribers keep their values when omitted. */
export const UpdateMaintenanceUpdateInput = requestBody({
  status: z.enum(MAINTENANCE_STATUSES).optional(),
  description,
  notifySubscribers: z.boolean().optional(),
});
export type UpdateMaintenanceUpdateInput = z.input<typeof UpdateMaintenanceUpdateInput>;
