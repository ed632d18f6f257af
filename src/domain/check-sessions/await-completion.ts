import type { DomainContext } from "../shared/context.js";
import type { EventBus, VigilEvent } from "../../events/bus.js";
import { parseInput } from "../shared/validation.js";
import { AwaitCheckSessionQuery } from "./schemas.js";
import { isFinished, type CheckSessionView } from "./view.js";
import { findCheckSession } from "./get.js";

/** A re-read at least this often, for results written by another instance (no shared bus). */
const POLL_MS = 1_000;

/** Wakes the waiter on a matching event, after `ms`, or on abort, whichever comes first. */
function wakeups(events: EventBus, match: (event: VigilEvent) => boolean) {
  let pending = false;
  let wake: (() => void) | null = null;
  const unsubscribe = events.subscribe((event) => {
    if (!match(event)) return;
    pending = true;
    wake?.();
  });
  const next = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (pending || signal?.aborted) {
        pending = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        wake = null;
        pending = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
      wake = done;
    });
  return { next, close: unsubscribe };
}

/**
 * Waits at most `maxWaitSeconds` for the session to finish. Wakes on the session's check's
 * `checkResultRecorded` events (and polls slowly), so a finished session answers at once.
 * `finished: false` means still running (REST: 408, try again).
 */
export async function awaitCheckSessionCompletion({
  ctx,
  id,
  query,
  signal,
}: {
  ctx: DomainContext;
  id: unknown;
  query: unknown;
  signal?: AbortSignal;
}) {
  const { maxWaitSeconds } = parseInput(AwaitCheckSessionQuery, query, "query");
  let session: CheckSessionView = await findCheckSession({ ctx, id, withResults: true });
  if (isFinished(session)) return { finished: true, session };
  const deadline = Date.now() + maxWaitSeconds * 1000;
  const checkId = session.check.id;
  const waiter = wakeups(
    ctx.events,
    (event) => event.accountId === ctx.accountId && event.type === "checkResultRecorded" && event.checkId === checkId,
  );
  try {
    for (let left = deadline - Date.now(); left > 0 && !signal?.aborted; left = deadline - Date.now()) {
      await waiter.next(Math.min(left, POLL_MS), signal);
      session = await findCheckSession({ ctx, id, withResults: true });
      if (isFinished(session)) return { finished: true, session };
    }
  } finally {
    waiter.close();
  }
  return { finished: false, session };
}
