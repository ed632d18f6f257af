import type { DomainContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";
import { resolveAccountReferences, type ReferenceIssue } from "../shared/references.js";

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
 * exactly like one that does not exist (400 on the field, nothing leaks). Returns the private
 * locations as slug names, the form that is stored (as for groups).
 */
export async function checkReferences(ctx: DomainContext, refs: CheckReferences) {
  const { db, accountId } = ctx;
  const issues: ReferenceIssue[] = [];

  if (refs.groupId != null) {
    const group = await db.checkGroup.findFirst({ where: { id: refs.groupId, accountId }, select: { id: true } });
    if (!group) issues.push({ key: "groupId", message: "is not a check group of this account" });
  }

  const resolved = await resolveAccountReferences(db, accountId, refs);
  issues.push(...resolved.issues);

  if (refs.triggerIncident) {
    const service = await db.statusPageService.findFirst({
      where: { id: refs.triggerIncident.serviceId, accountId },
      select: { id: true },
    });
    if (!service)
      issues.push({ key: "triggerIncident.serviceId", message: "is not a status page service of this account" });
  }

  if (issues.length)
    throw new ValidationError(
      issues.map((issue) => `${issue.key}: ${issue.message}`).join("; "),
      issues.map((issue) => issue.key),
    );
  return { privateLocations: resolved.privateLocations };
}
