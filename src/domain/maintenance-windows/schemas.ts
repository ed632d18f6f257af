import { z } from "zod";
import { DateInput, queryInt, querySchema, requestBody, Tags } from "../shared/schemas.js";
import { StatusPageVisibility } from "./visibility.js";
import { isTimeZoneName } from "./zoned.js";

export const REPEAT_UNITS = ["DAY", "WEEK", "MONTH"] as const;

const timezone = z.string().max(64).refine(isTimeZoneName, "must be a named IANA time zone such as Europe/Berlin");

/** Fields every write must send (spec: name, startsAt, endsAt, repeatUnit). */
const required = {
  name: z.string().trim().min(1).max(200),
  startsAt: DateInput,
  endsAt: DateInput,
  repeatUnit: z.enum(REPEAT_UNITS),
};

/** Optional fields; on create they take these defaults, on update an omitted one keeps its value. */
const optional = {
  tags: Tags,
  repeatInterval: z.number().int().min(1).max(365).nullable(),
  repeatEndsAt: DateInput.nullable(),
  pauseAllChecks: z.boolean(),
  silenceAlertsTags: Tags,
  silenceAllAlerts: z.boolean(),
  timezone: timezone.nullable(),
  description: z.string().max(2000).nullable(),
  statusPageVisibility: StatusPageVisibility.nullable(),
};

type Window = { startsAt: Date; endsAt: Date; repeatEndsAt?: Date | null };

/** endsAt after startsAt; repetition cannot end before the window starts. */
export function checkWindowDates(window: Window, ctx: z.RefinementCtx) {
  if (window.endsAt.getTime() <= window.startsAt.getTime()) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "must be after startsAt" });
  }
  if (window.repeatEndsAt && window.repeatEndsAt.getTime() < window.startsAt.getTime()) {
    ctx.addIssue({ code: "custom", path: ["repeatEndsAt"], message: "must not be before startsAt" });
  }
}

export const CreateMaintenanceWindowInput = requestBody({
  ...required,
  tags: optional.tags.default([]),
  repeatInterval: optional.repeatInterval.default(null),
  repeatEndsAt: optional.repeatEndsAt.default(null),
  pauseAllChecks: optional.pauseAllChecks.default(false),
  silenceAlertsTags: optional.silenceAlertsTags.default([]),
  silenceAllAlerts: optional.silenceAllAlerts.default(false),
  timezone: optional.timezone.default(null),
  description: optional.description.default(null),
  statusPageVisibility: optional.statusPageVisibility.default(null),
}).superRefine(checkWindowDates);
export type CreateMaintenanceWindowInput = z.input<typeof CreateMaintenanceWindowInput>;

export const UpdateMaintenanceWindowInput = requestBody({
  ...required,
  ...Object.fromEntries(Object.entries(optional).map(([key, schema]) => [key, schema.optional()])),
} as typeof required & { [K in keyof typeof optional]: z.ZodOptional<(typeof optional)[K]> });
export type UpdateMaintenanceWindowInput = z.input<typeof UpdateMaintenanceWindowInput>;

export const ListMaintenanceWindowsQuery = querySchema({
  limit: queryInt(1, 100).default(10),
  page: queryInt(1, 1_000_000).default(1),
});
