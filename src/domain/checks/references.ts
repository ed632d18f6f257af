import type { DomainContext } from "../context.js";
import { ValidationError } from "../errors.js";
import { INT_MAX } from "./fields.js";

/** What a check body may point at in the caller's account; null and undefined point at nothing. */
export type CheckReferences = {
  groupId?: number | null;
  alertChannelSubscriptions?: { alertChannelId: number }[] | null;
  privateLocations?: string[] | null;
  triggerIncident?: { serviceId: string } | null;
};

/**
 * Every id a check names must be the caller's: a group, alert channels, private locations (by
 * slug name or id) and the status page service of triggerIncident. Another account's is reported
 * exactly like one that does not exist (400 on the field, nothing leaks).
 */
export async function checkReferences(ctx: DomainContext, refs: CheckReferences) {
  const { db, accountId } = ctx;
  const issues: { key: string; message: string }[] = [];

  if (refs.groupId != null) {
    const group = await db.checkGroup.findFirst({ where: { id: refs.groupId, accountId }, select: { id: true } });
    if (!group) issues.push({ key: "groupId", message: "is not a check group of this account" });
  }

  const subscriptions = refs.alertChannelSubscriptions ?? [];
  if (subscriptions.length) {
    const ids = subscriptions.map((s) => s.alertChannelId).filter((id) => id <= INT_MAX);
    const found = new Set((await db.alertChannel.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } })).map((c) => c.id));
    subscriptions.forEach((s, i) => {
      if (!found.has(s.alertChannelId)) issues.push({ key: `alertChannelSubscriptions.${i}.alertChannelId`, message: "is not an alert channel of this account" });
    });
  }

  const locations = refs.privateLocations ?? [];
  if (locations.length) {
    const rows = await db.privateLocation.findMany({
      where: { accountId, OR: [{ slugName: { in: locations } }, { id: { in: locations } }] },
      select: { id: true, slugName: true },
    });
    const known = new Set(rows.flatMap((row) => [row.id, row.slugName]));
    locations.forEach((name, i) => {
      if (!known.has(name)) issues.push({ key: `privateLocations.${i}`, message: "is not a private location of this account" });
    });
  }

  if (refs.triggerIncident) {
    const service = await db.statusPageService.findFirst({ where: { id: refs.triggerIncident.serviceId, accountId }, select: { id: true } });
    if (!service) issues.push({ key: "triggerIncident.serviceId", message: "is not a status page service of this account" });
  }

  if (issues.length) throw new ValidationError(issues.map((issue) => `${issue.key}: ${issue.message}`).join("; "), issues.map((issue) => issue.key));
}
