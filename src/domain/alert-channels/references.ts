import type { DbOrTx } from "../../db/client.js";
import { ValidationError } from "../shared/errors.js";

type Target = { checkId?: string | null; groupId?: number | null };

/**
 * Every check and group a channel's `subscriptions` name must be the caller's; another account's
 * is reported exactly like one that does not exist (400 on `subscriptions.N.checkId|groupId`).
 */
export async function checkSubscriptionTargets(db: DbOrTx, accountId: string, subscriptions: Target[]) {
  const checkIds = subscriptions.flatMap((s) => (s.checkId ? [s.checkId.toLowerCase()] : []));
  const groupIds = subscriptions.flatMap((s) => (s.groupId ? [s.groupId] : []));
  const [checks, groups] = await Promise.all([
    checkIds.length ? db.check.findMany({ where: { accountId, id: { in: checkIds } }, select: { id: true } }) : [],
    groupIds.length ? db.checkGroup.findMany({ where: { accountId, id: { in: groupIds } }, select: { id: true } }) : [],
  ]);
  const knownChecks = new Set(checks.map((c) => c.id));
  const knownGroups = new Set(groups.map((g) => g.id));
  const issues: { key: string; message: string }[] = [];
  const seen = new Set<string>();
  subscriptions.forEach((s, index) => {
    const [key, ok, target] = s.checkId
      ? (["checkId", knownChecks.has(s.checkId.toLowerCase()), `c${s.checkId.toLowerCase()}`] as const)
      : (["groupId", knownGroups.has(s.groupId as number), `g${s.groupId}`] as const);
    if (!ok)
      issues.push({
        key: `subscriptions.${index}.${key}`,
        message: `is not a ${key === "checkId" ? "check" : "check group"} of this account`,
      });
    else if (seen.has(target)) issues.push({ key: `subscriptions.${index}.${key}`, message: "is already listed" });
    seen.add(target);
  });
  if (issues.length)
    throw new ValidationError(
      issues.map((issue) => `${issue.key}: ${issue.message}`).join("; "),
      issues.map((issue) => issue.key),
    );
}

/** The subscriptions as rows of one channel (check ids in their stored, lower-case form). */
export function subscriptionRows(alertChannelId: number, subscriptions: (Target & { activated: boolean })[]) {
  return subscriptions.map((s) => ({
    alertChannelId,
    checkId: s.checkId ? s.checkId.toLowerCase() : null,
    groupId: s.checkId ? null : (s.groupId ?? null),
    activated: s.activated,
  }));
}
