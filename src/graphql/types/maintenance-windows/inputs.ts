import { builder } from "../../builder.js";
import { MaintenanceSeverity, RepeatUnit } from "./enums.js";

export const MaintenanceStatusPageVisibilityInput = builder.inputType("MaintenanceStatusPageVisibilityInput", {
  description: "As the REST body's statusPageVisibility; omitted fields take their defaults.",
  fields: (t) => ({
    enabled: t.boolean(),
    severity: t.field({ type: MaintenanceSeverity }),
    affectAllServices: t.boolean(),
    notifyOnStart: t.boolean(),
    notifyOnEnd: t.boolean(),
    suppressAutoIncidents: t.boolean(),
    reminderMinutesBefore: t.intList(),
    autoStart: t.boolean(),
    autoEnd: t.boolean(),
    showAffectedServices: t.boolean(),
    statusPageIds: t.stringList(),
    serviceIds: t.stringList(),
  }),
});

/** The fields of a write; the domain validates them (dates as YYYY-MM-DD or ISO 8601 strings). */
export const MaintenanceWindowInput = builder.inputType("MaintenanceWindowInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    startsAt: t.string({ required: true, description: "YYYY-MM-DD or an ISO 8601 date-time" }),
    endsAt: t.string({ required: true, description: "YYYY-MM-DD or an ISO 8601 date-time" }),
    repeatUnit: t.field({ type: RepeatUnit, required: true }),
    repeatInterval: t.int(),
    repeatEndsAt: t.string(),
    timezone: t.string(),
    description: t.string(),
    tags: t.stringList(),
    pauseAllChecks: t.boolean(),
    silenceAlertsTags: t.stringList(),
    silenceAllAlerts: t.boolean(),
    statusPageVisibility: t.field({ type: MaintenanceStatusPageVisibilityInput }),
  }),
});
