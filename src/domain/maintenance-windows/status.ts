import type { DomainContext } from "../shared/context.js";
import { activeOccurrence, type WindowTimes } from "./active.js";

export type MaintenanceWindowLike = WindowTimes & {
  id: number;
  name: string;
  tags: unknown;
  pauseAllChecks: boolean;
  silenceAlertsTags: unknown;
  silenceAllAlerts: boolean;
};

export type MaintenanceReason = {
  windowId: number;
  name: string;
  effect: "PAUSE" | "SILENCE";
  scope: "ALL" | "TAGS";
  tags: string[];
  until: Date;
};

/** Whether a check runs and alerts now, and which windows decide it. */
export type MaintenanceStatus = { paused: boolean; silenced: boolean; reasons: MaintenanceReason[] };

const asTags = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];

/**
 * The spec's rules: `pauseAllChecks` pauses every check of the account and overrides the tag
 * scope; otherwise the window pauses the checks whose own tags or group's tags meet its `tags`.
 * `silenceAllAlerts` silences every check's alerts and overrides `silenceAlertsTags`; otherwise
 * the checks matching `silenceAlertsTags` are silenced. A paused check is not run at all.
 */
export function maintenanceStatus(
  windows: readonly MaintenanceWindowLike[],
  target: { tags: string[]; groupTags?: string[] },
  at: Date,
): MaintenanceStatus {
  const tags = new Set([...target.tags, ...(target.groupTags ?? [])]);
  const reasons: MaintenanceReason[] = [];
  for (const window of windows) {
    const occurrence = activeOccurrence(window, at);
    if (!occurrence) continue;
    const base = { windowId: window.id, name: window.name, until: occurrence.end };
    const pauseTags = asTags(window.tags).filter((tag) => tags.has(tag));
    if (window.pauseAllChecks) reasons.push({ ...base, effect: "PAUSE", scope: "ALL", tags: [] });
    else if (pauseTags.length) reasons.push({ ...base, effect: "PAUSE", scope: "TAGS", tags: pauseTags });
    const silenceTags = asTags(window.silenceAlertsTags).filter((tag) => tags.has(tag));
    if (window.silenceAllAlerts) reasons.push({ ...base, effect: "SILENCE", scope: "ALL", tags: [] });
    else if (silenceTags.length) reasons.push({ ...base, effect: "SILENCE", scope: "TAGS", tags: silenceTags });
  }
  return {
    paused: reasons.some((r) => r.effect === "PAUSE"),
    silenced: reasons.some((r) => r.effect === "SILENCE"),
    reasons,
  };
}

/** "Is this check in maintenance now, and why": the account's windows against the check and its group. */
export async function checkMaintenanceStatus({
  ctx,
  checkId,
  at = ctx.now(),
}: {
  ctx: DomainContext;
  checkId: string;
  at?: Date;
}) {
  const [status] = await checkMaintenanceStatuses({ ctx, checkIds: [checkId], at });
  return status ?? null;
}

/**
 * The same for many checks of the caller's account (a GraphQL list): one read of the checks' tags,
 * one of the account's windows. Unknown ids (or another account's) give null, in the ids' order.
 */
export async function checkMaintenanceStatuses({
  ctx,
  checkIds,
  at = ctx.now(),
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
  at?: Date;
}): Promise<(MaintenanceStatus | null)[]> {
  const checks = await ctx.db.check.findMany({
    where: { id: { in: [...checkIds] }, accountId: ctx.accountId },
    select: { id: true, tags: true, group: { select: { tags: true } } },
  });
  if (checks.length === 0) return checkIds.map(() => null);
  const windows = await ctx.db.maintenanceWindow.findMany({
    where: { accountId: ctx.accountId, startsAt: { lte: at } },
  });
  const byId = new Map(
    checks.map((check) => [
      check.id,
      maintenanceStatus(windows, { tags: asTags(check.tags), groupTags: asTags(check.group?.tags) }, at),
    ]),
  );
  return checkIds.map((id) => byId.get(id) ?? null);
}
