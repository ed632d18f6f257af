import { z } from "zod";
import type { DbOrTx } from "../../db/client.js";
import { ValidationError } from "../shared/errors.js";

export const MAINTENANCE_SEVERITIES = ["MINOR", "MEDIUM", "MAJOR", "CRITICAL"] as const;

/**
 * The reference document's `statusPageVisibility` (MaintenanceWindowStatusPageVisibility): the
 * fields it lists, each with its default, so a stored value always has every field. `enabled` gates
 * the rest. Unknown fields are refused.
 */
export const StatusPageVisibility = z
  .strictObject({
    enabled: z.boolean().default(false),
    severity: z.enum(MAINTENANCE_SEVERITIES).nullable().default(null),
    affectAllServices: z.boolean().default(false),
    notifyOnStart: z.boolean().default(false),
    notifyOnEnd: z.boolean().default(false),
    suppressAutoIncidents: z.boolean().default(false),
    reminderMinutesBefore: z.array(z.number().int().min(60).max(10080)).max(3).default([]),
    autoStart: z.boolean().default(true),
    autoEnd: z.boolean().default(true),
    showAffectedServices: z.boolean().default(true),
    statusPageIds: z
      .array(z.uuid({ message: "must be a status page id" }))
      .max(100)
      .default([]),
    serviceIds: z
      .array(z.uuid({ message: "must be a service id" }))
      .max(500)
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.affectAllServices && v.serviceIds.length > 0) {
      ctx.addIssue({ code: "custom", path: ["serviceIds"], message: "must be empty when affectAllServices is true" });
    }
    if (v.statusPageIds.length > 0 && !v.affectAllServices && v.serviceIds.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["serviceIds"],
        message: "must name services (or affectAllServices: true) when statusPageIds are given",
      });
    }
  });
export type StatusPageVisibility = z.output<typeof StatusPageVisibility>;

/** A stored value (or a legacy one stored as sent) read with the defaults; null: not shown anywhere. */
export function readVisibility(stored: unknown): StatusPageVisibility | null {
  if (!stored || typeof stored !== "object") return null;
  const parsed = StatusPageVisibility.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * The pages must be the caller's; every service must be the caller's and shown on one of the
 * linked pages (reference: "Each service must belong to one of the linked status pages"). One
 * ValidationError names each offending `statusPageVisibility.<list>.N`.
 */
export async function checkVisibilityRefs(db: DbOrTx, accountId: string, v: StatusPageVisibility | null) {
  if (!v || (v.statusPageIds.length === 0 && v.serviceIds.length === 0)) return;
  const pages = await db.statusPage.findMany({
    where: { accountId, id: { in: v.statusPageIds } },
    select: { id: true, cards: { select: { services: { select: { serviceId: true } } } } },
  });
  const pageIds = new Set(pages.map((page) => page.id));
  const shown = new Set(pages.flatMap((page) => page.cards.flatMap((card) => card.services.map((s) => s.serviceId))));
  const issues: string[] = [];
  v.statusPageIds.forEach((id, i) => {
    if (!pageIds.has(id)) issues.push(`statusPageVisibility.statusPageIds.${i}: is not a status page of this account`);
  });
  v.serviceIds.forEach((id, i) => {
    if (!shown.has(id))
      issues.push(`statusPageVisibility.serviceIds.${i}: is not a service shown on one of the linked status pages`);
  });
  if (issues.length)
    throw new ValidationError(
      issues.join("; "),
      issues.map((issue) => issue.slice(0, issue.indexOf(":"))),
    );
}
