import type { EventBus } from "../../events/bus.js";

/** How often a waiting claim looks at the queue anyway: runs queued by another instance publish nothing here. */
export const RECHECK_MS = 1_000;

/**
 * Wakes a waiting claim when runs are queued for its location. Subscribed before the first look
 * at the queue, so an event that arrives between a look and the wait is not lost.
 */
export function watchQueue(events: EventBus, privateLocationId: string) {
  let pending = false;
  let wake: (() => void) | null = null;
  const unsubscribe = events.subscribe((event) => {
    if (event.type !== "runsQueued" || !event.privateLocationIds.includes(privateLocationId)) return;
    pending = true;
    wake?.();
  });
  return {
    /** Resolves when work may have arrived, after `ms`, or when `signal` aborts, whichever is first. */
    wait(ms: number, signal: AbortSignal): Promise<void> {
      if (pending || signal.aborted || ms <= 0) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener("abort", done);
          wake = null;
          pending = false;
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener("abort", done, { once: true });
        wake = done;
      });
    },
    close: unsubscribe,
  };
}
