import type { DbOrTx } from "../db/client.js";
import { maintenanceStatus } from "../domain/maintenance-windows/status.js";
import { effectiveCheck, type EffectiveCheck } from "./effective.js";
import type { RunnableCheck } from "./tries.js";

const tags = (value: unknown) => (Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : []);

/** ICMP's packet-loss thresholds live in the check's settings (the reference's defaults when never set). */
function packetLoss(checkType: string, settings: unknown) {
  if (checkType !== "ICMP") return {};
  const stored = (settings ?? {}) as { degradedPacketLossThreshold?: number | null; maxPacketLossThreshold?: number | null };
  return { degradedPacketLossThreshold: stored.degradedPacketLossThreshold ?? null, maxPacketLossThreshold: stored.maxPacketLossThreshold ?? null };
}

export type Runnable = { check: RunnableCheck & { id: string; name: string }; effective: EffectiveCheck };

/**
 * What a claimed run runs with, or null when it must not run: its check is gone, deactivated
 * (itself or its group), or paused by an active maintenance window. Shared by the service's
 * runners and the agent API, which hands the same settings to a private-location agent.
 */
export async function loadRunnable(db: DbOrTx, run: { accountId: string; checkId: string }, now: Date): Promise<Runnable | null> {
  const check = await db.check.findFirst({ where: { id: run.checkId, accountId: run.accountId }, include: { group: true } });
  if (!check) return null;
  const effective = effectiveCheck(check, check.group);
  if (!effective.activated) return null;
  const windows = await db.maintenanceWindow.findMany({ where: { accountId: run.accountId, startsAt: { lte: now } } });
  if (maintenanceStatus(windows, { tags: tags(check.tags), groupTags: tags(check.group?.tags) }, now).paused) return null;
  const { id, name, checkType, degradedResponseTime, maxResponseTime, shouldFail } = check;
  return { check: { id, name, checkType, degradedResponseTime, maxResponseTime, shouldFail, ...packetLoss(check.checkType, check.settings) }, effective };
}
