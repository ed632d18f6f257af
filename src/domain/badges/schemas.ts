import { z } from "zod";
import { queryBoolean } from "../shared/schemas.js";

export const BADGE_STYLES = ["flat", "plastic", "flat-square", "for-the-badge", "social"] as const;
export const BADGE_THEMES = ["light", "dark", "default"] as const;

/**
 * A badge's query, as the reference's. Not strict: badges are embedded in READMEs and pages that
 * add cache-busting parameters, as heartbeat pings are called by scripts that do.
 */
export const BadgeQuery = z.object({
  style: z.enum(BADGE_STYLES).default("flat").describe("The badge's shape (shields.io styles)."),
  theme: z.enum(BADGE_THEMES).default("default").describe("The label's colours: light, dark or shields.io's default."),
  responseTime: queryBoolean
    .default(false)
    .describe("Add the average response time of the last 24 hours (a second badge part)."),
});
export type BadgeQuery = z.output<typeof BadgeQuery>;

/**
 * A group's badge never shows the stored group name: group ids are sequential, so a key-less
 * badge would let anyone list every account's groups (docs/decisions.md).
 */
export const GroupBadgeQuery = BadgeQuery.extend({
  label: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters")
    .default("status")
    .describe("The badge's label (default \"status\"); the group's name is never shown."),
});
