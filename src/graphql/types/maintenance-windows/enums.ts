import { MAINTENANCE_SEVERITIES, REPEAT_UNITS } from "../../../domain/maintenance-windows/index.js";
import { builder } from "../../builder.js";

export const RepeatUnit = builder.enumType("RepeatUnit", { values: REPEAT_UNITS });

export const MaintenanceEffect = builder.enumType("MaintenanceEffect", {
  values: {
    PAUSE: { description: "The check does not run." },
    SILENCE: { description: "The check runs; its alerts are silenced." },
  },
});
export const MaintenanceScope = builder.enumType("MaintenanceScope", {
  values: {
    ALL: { description: "pauseAllChecks / silenceAllAlerts" },
    TAGS: { description: "tags / silenceAlertsTags that the check or its group carries" },
  },
});

export const MaintenanceSeverity = builder.enumType("MaintenanceSeverity", {
  description: "The severity a maintenance window shows on its status pages.",
  values: MAINTENANCE_SEVERITIES,
});
