import type { DomainContext, SystemContext } from "../shared/context.js";
import { latestEnd, latestStart } from "./active.js";
import type { MaintenanceWindowRow } from "./rows.js";
import { readVisibility } from "./visibility.js";

/** How far back the sweep looks for starts and ends (a little more than its 10 s period, src/engine/sweeps.ts). */
export const FLIP_LOOKBACK_MS = 15_000;

/** The pages an enabled visibility links the window to (none when disabled or absent). */
export function linkedPageIds(window: Pick<MaintenanceWindowRow, "statusPageVisibility"> | null): string[] {
  const visibility = readVisibility(window?.statusPageVisibility);
  return visibility?.enabled ? visibility.statusPageIds : [];
}

/**
 * A window written (created, updated, deleted): the pages it was or is linked to show it anew.
 * `statusPageChanged` empties their cached pages and summary.json on every instance.
 */
export function publishWindowPages(
  ctx: DomainContext,
  windows: readonly (Pick<MaintenanceWindowRow, "statusPageVisibility"> | null)[],
) {
  const statusPageIds = [...new Set(windows.flatMap(linkedPageIds))];
  if (statusPageIds.length) ctx.events.publish({ type: "statusPageChanged", accountId: ctx.accountId, statusPageIds });
}

/**
 * The engine's sweep: an occurrence that started or ended since the last sweep flips its linked
 * pages from upcoming to ongoing, or drops it; their cached bodies must not wait for their minute.
 * Whether or not the window notifies subscribers. Publishing twice (overlapping looks, several
 * instances) only empties a cache twice.
 */
export function publishOccurrenceFlips(ctx: SystemContext, windows: readonly MaintenanceWindowRow[], now: Date) {
  const since = now.getTime() - FLIP_LOOKBACK_MS;
  const byAccount = new Map<string, Set<string>>();
  for (const window of windows) {
    const pages = linkedPageIds(window);
    if (!pages.length) continue;
    const started = latestStart(window, now);
    const ended = latestEnd(window, now);
    if ((started?.start.getTime() ?? 0) <= since && (ended?.end.getTime() ?? 0) <= since) continue;
    const set = byAccount.get(window.accountId) ?? new Set<string>();
    for (const id of pages) set.add(id);
    byAccount.set(window.accountId, set);
  }
  for (const [accountId, ids] of byAccount)
    ctx.events.publish({ type: "statusPageChanged", accountId, statusPageIds: [...ids] });
}
