import type { SystemContext } from "../shared/context.js";
import { isUniqueViolation } from "../shared/prisma-errors.js";
import { enqueueForPages } from "../status-page-subscriptions/enqueue.js";
import { announceQueued, subscriberOutbox } from "../status-page-subscriptions/outbox.js";
import { latestEnd, latestStart, type Occurrence } from "./active.js";
import { publishOccurrenceFlips } from "./page-events.js";
import type { MaintenanceWindowRow } from "./rows.js";
import { readVisibility } from "./visibility.js";

/** A start or end first seen later than this (the engine was down) is not announced any more. */
export const NOTICE_GRACE_MS = 60 * 60_000;

type Notice = { window: MaintenanceWindowRow; statusPageIds: string[]; kind: "START" | "END"; occurrence: Occurrence };

/** The starts and ends of occurrences within the grace period that the windows ask to announce. */
function dueNotices(windows: readonly MaintenanceWindowRow[], now: Date): Notice[] {
  const since = now.getTime() - NOTICE_GRACE_MS;
  const due: Notice[] = [];
  for (const window of windows) {
    const v = readVisibility(window.statusPageVisibility);
    if (!v?.enabled || v.statusPageIds.length === 0) continue;
    const started = v.notifyOnStart ? latestStart(window, now) : null;
    if (started && started.start.getTime() > since)
      due.push({ window, statusPageIds: v.statusPageIds, kind: "START", occurrence: started });
    const ended = v.notifyOnEnd ? latestEnd(window, now) : null;
    if (ended && ended.end.getTime() > since)
      due.push({ window, statusPageIds: v.statusPageIds, kind: "END", occurrence: ended });
  }
  return due;
}

/**
 * The engine's sweep for notifyOnStart / notifyOnEnd: when an occurrence of an enabled window
 * starts or ends, the verified subscribers of its linked pages are notified once. "Once" holds
 * with any number of instances: a MaintenanceNotice row (windowId, occurrenceStart, kind) with a
 * unique key is inserted in the transaction that queues the notifications, so the instance that
 * loses the race rolls back its notifications too. Returns how many notifications were queued.
 * Every start and end also empties the linked pages' caches (page-events.ts).
 */
export async function notifyMaintenanceTransitions({ ctx, now }: { ctx: SystemContext; now: Date }): Promise<number> {
  const windows = await ctx.db.maintenanceWindow.findMany({ where: { startsAt: { lte: now } } });
  publishOccurrenceFlips(ctx, windows, now);
  const due = dueNotices(windows, now);
  if (due.length === 0) return 0;
  const done = await ctx.db.maintenanceNotice.findMany({
    where: { windowId: { in: [...new Set(due.map((n) => n.window.id))] } },
    select: { windowId: true, occurrenceStart: true, kind: true },
  });
  const key = (windowId: number, start: Date, kind: string) => `${windowId} ${start.getTime()} ${kind}`;
  const seen = new Set(done.map((n) => key(n.windowId, n.occurrenceStart, n.kind)));
  const fresh = due.filter((n) => !seen.has(key(n.window.id, n.occurrence.start, n.kind)));
  if (fresh.length === 0) return 0;
  const outbox = await subscriberOutbox(ctx);
  let total = 0;
  for (const notice of fresh) {
    const { window, occurrence } = notice;
    try {
      const queued = await ctx.db.$transaction(async (tx) => {
        await tx.maintenanceNotice.create({
          data: { windowId: window.id, occurrenceStart: occurrence.start, kind: notice.kind, createdAt: now },
        });
        return enqueueForPages(outbox(tx, now), {
          accountId: window.accountId,
          statusPageIds: notice.statusPageIds,
          content: {
            event: notice.kind === "START" ? "MAINTENANCE_STARTED" : "MAINTENANCE_ENDED",
            maintenance: {
              id: window.id,
              name: window.name,
              description: window.description,
              startsAt: occurrence.start.toISOString(),
              endsAt: occurrence.end.toISOString(),
            },
          },
        });
      });
      announceQueued(ctx, window.accountId, queued);
      total += queued;
    } catch (error) {
      // Another instance recorded this notice first: its notifications are the ones sent.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return total;
}
