import { builder } from "../../builder.js";
import { RepeatUnit } from "./enums.js";

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
    statusPageVisibility: t.field({ type: "JSON" }),
  }),
});
