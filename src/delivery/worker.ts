import type { AppContext } from "../app-context.js";
import { deliver } from "./index.js";
import { nextDelivery, type TryResult } from "../domain/alert-notifications/delivery-rules.js";
import { parseStoredChannel } from "../domain/alert-channels/schemas.js";
import { claimNotifications, releaseNotification } from "../domain/alert-notifications/claim.js";
import { digestRequest, finishDigest, foldBursts, isDigest } from "../domain/alert-notifications/digest.js";
import type { AlertNotificationRow, NotificationRequest } from "../domain/alert-notifications/rows.js";
import { forgetGoneSubscriber, subscriberTarget } from "../domain/status-page-subscriptions/deliveries.js";
import { isSubscriberRequest, type SubscriberRequest } from "../domain/status-page-subscriptions/rows.js";
import { FairSlots } from "../engine/fair-slots.js";
import { sleep } from "../sleep.js";
import { deliverToSubscriber } from "./subscriber.js";
import { createOutcomeWriter } from "./outcome-writer.js";

export type DeliveryOptions = {
  concurrency: number;
  /** A claimed notification's lease: longer than one try can take (the send timeout is 10 s). */
  leaseMs?: number;
  /** The longest wait between two looks at the outbox when nothing wakes the workers. */
  maxIdleMs?: number;
  now?: () => Date;
};

export const DELIVERY_LEASE_MS = 60_000;

/** Claims hold at most this many rows each (one statement, one digest-rank query). */
const CLAIM_BATCH = 100;

/**
 * The delivery workers of one instance (started with the engine): claim due notifications of the
 * outbox with a lease, send each with `deliver`, record the outcome with `nextDelivery`. They run
 * apart from the result write path, which only stores rows and publishes `notificationsQueued`:
 * that wakes them at once, else they look every second. At most `concurrency` tries at once.
 *
 * Claims run ahead in batches: up to `concurrency` claimed rows wait in `ready` besides those in
 * flight, and the next claim is made once `ready` is half empty (not one claim per finished try).
 * A waiting row whose lease ran out is dropped (it is claimable again, by anyone). Once a claim
 * comes back short the outbox is drained: finished tries no longer trigger claims, only
 * `notificationsQueued`, `nudge` and the idle timer do. Outcomes are group-committed
 * (createOutcomeWriter). Claims take each account's oldest rows in turn, and the `concurrency`
 * places are shared round-robin between the accounts with rows waiting (FairSlots): one account's
 * slow receivers never hold every worker while another account's notifications wait.
 */
export function startDeliveryWorkers(app: AppContext, options: DeliveryOptions) {
  const db = app.database.prisma;
  const ctx = { db };
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
  const maxIdleMs = options.maxIdleMs ?? 1_000;
  const stopping = new AbortController();
  const inFlight = new Map<string, { row: AlertNotificationRow; done: Promise<void> }>();
  /** Claimed, not started yet (oldest first). */
  const ready: AlertNotificationRow[] = [];
  /** Claimed and waiting for a place (FairSlots serves their accounts in turn). */
  const queued = new Set<AlertNotificationRow>();
  const slots = new FairSlots(options.concurrency);
  const ahead = Math.min(options.concurrency, CLAIM_BATCH);
  let drained = false;
  const writer = createOutcomeWriter(db, { maxBatch: 200 });
  const stats = { delivered: 0, lost: 0, failed: 0 };
  let wake: (() => void) | null = null;
  let woken = false;
  const nudge = () => {
    woken = true;
    wake?.();
  };
  /** Something may have become due: claim again even if the last claim came back short. */
  const refill = () => {
    drained = false;
    nudge();
  };
  const unsubscribe = app.events.subscribe((event) => {
    if (event.type === "notificationsQueued") refill();
  });

  const attempt = attempter({ app, ctx, now, writer, stats });

  function start(row: AlertNotificationRow, release: () => void) {
    const done = attempt(row)
      .catch((error) => {
        stats.failed++;
        app.logger.error({ err: error, notificationId: row.id }, "alert delivery failed");
      })
      .finally(() => {
        inFlight.delete(row.id);
        release();
        nudge();
      });
    inFlight.set(row.id, { row, done });
  }

  async function loop() {
    while (!stopping.signal.aborted) {
      woken = false;
      for (const row of ready.splice(0)) {
        queued.add(row);
        slots.acquire(row.accountId, stopping.signal).then(
          (release) => {
            queued.delete(row);
            if (row.leaseUntil && row.leaseUntil.getTime() > now().getTime()) start(row, release);
            else release();
          },
          () => undefined, // stopping: stop() hands the row back
        );
      }
      const room = options.concurrency + ahead - inFlight.size - queued.size;
      if (!drained && queued.size <= ahead / 2 && room > 0) {
        const limit = Math.min(room, CLAIM_BATCH);
        const claimed = await claimBatch(app, { ctx, now: now(), leaseMs, limit }, stopping.signal);
        drained = claimed.drained;
        ready.push(...claimed.rows);
        if (stopping.signal.aborted) break;
        if (claimed.rows.length > 0) continue;
      }
      if (woken) continue;
      const idled = await idle(stopping.signal, maxIdleMs, (done) => {
        wake = done;
      });
      wake = null;
      if (idled) drained = false;
    }
  }
  const running = loop();

  return {
    stats,
    inFlight: () => inFlight.size,
    /** Wakes the workers (tests that move an injected clock). */
    nudge: refill,
    /** Stops claiming, lets tries under way finish until `timeoutMs`, then hands the rest back. */
    async stop(timeoutMs: number): Promise<void> {
      stopping.abort();
      unsubscribe();
      await running;
      for (const row of [...ready.splice(0), ...queued])
        await releaseNotification({ ctx, held: row }).catch(() => undefined);
      queued.clear();
      const all = Promise.all([...inFlight.values()].map((entry) => entry.done));
      await Promise.race([all, sleep(timeoutMs)]);
      for (const { row } of inFlight.values()) await releaseNotification({ ctx, held: row }).catch(() => undefined);
    },
  };
}

export type DeliveryWorkers = ReturnType<typeof startDeliveryWorkers>;

/**
 * A claim of up to `limit` due notifications, a burst of one channel folded into a digest; a
 * failure is logged (not while stopping) and claims nothing. `drained`: the outbox had fewer.
 */
async function claimBatch(
  app: AppContext,
  claim: Parameters<typeof claimNotifications>[0] & { limit: number },
  stopping: AbortSignal,
): Promise<{ rows: AlertNotificationRow[]; drained: boolean }> {
  const claimed = await claimNotifications(claim).catch((error) => {
    if (!stopping.aborted) app.logger.error({ err: error }, "claiming alert notifications failed");
    return null;
  });
  if (!claimed) return { rows: [], drained: false };
  const rows = await foldBursts({ ctx: claim.ctx, rows: claimed }).catch((error) => {
    if (!stopping.aborted) app.logger.error({ err: error }, "folding alert notifications failed");
    return claimed;
  });
  return { rows, drained: claimed.length < claim.limit };
}

type Attempts = {
  app: AppContext;
  ctx: { db: AppContext["database"]["prisma"] };
  now: () => Date;
  writer: ReturnType<typeof createOutcomeWriter>;
  stats: { delivered: number; lost: number; failed: number };
};

/**
 * One try of a claimed notification: built (a digest's from its folded rows), sent, and its
 * outcome recorded under its lease (lost: another worker holds the row now).
 */
function attempter({ app, ctx, now, writer, stats }: Attempts) {
  /** A try's outcome recorded under its lease; null when the lease was lost (another worker holds the row). */
  async function recordTry(row: AlertNotificationRow, result: TryResult) {
    const at = now();
    const next = nextDelivery({ tries: row.tries + 1, result, now: at });
    if (!(await writer.record({ held: row, next, now: at }))) {
      stats.lost++;
      return null;
    }
    stats.delivered++;
    return { next, at };
  }

  /** A status-page subscriber's notification: same outbox, retries and outcomes; a 410 deletes the subscription. */
  async function attemptSubscriber(row: AlertNotificationRow, request: SubscriberRequest): Promise<void> {
    const target = await subscriberTarget({ ctx, subscriptionId: request.subscriber.id });
    const result: TryResult = target
      ? await deliverToSubscriber(
          request,
          { notificationId: row.id, now: now(), secret: target.secret },
          app.config.delivery,
        )
      : { kind: "error", message: "not sent: the subscriber unsubscribed", retryable: false };
    if (!(await recordTry(row, result))) return;
    if (result.kind === "response" && result.status === 410)
      await forgetGoneSubscriber({ ctx, subscriptionId: request.subscriber.id });
  }

  return async function attempt(row: AlertNotificationRow): Promise<void> {
    if (isSubscriberRequest(row.request)) return attemptSubscriber(row, row.request);
    const request = isDigest(row.id) ? await digestRequest({ ctx, row }) : (row.request as NotificationRequest);
    if (!request) return;
    let result: TryResult;
    try {
      const channel = parseStoredChannel(request.channel.type, request.channel.config);
      result = await deliver(
        channel,
        {
          notificationId: row.id,
          alertType: request.message.alertType,
          variables: request.message.variables,
          now: now(),
        },
        app.config.delivery,
      );
    } catch (error) {
      // A channel type or config this version cannot send: no retry changes that.
      result = { kind: "error", message: error instanceof Error ? error.message : String(error), retryable: false };
    }
    const recorded = await recordTry(row, result);
    if (!recorded) return;
    const { next, at } = recorded;
    if (isDigest(row.id) && next.status !== "IN_PROGRESS")
      await finishDigest({ ctx, id: row.id, request, status: next.status, result: next.notificationResult, now: at });
  };
}

/**
 * Waits until `wake` is called (through `onWake`), the signal aborts, or `maxIdleMs` passes: true
 * when it was the time (the outbox may hold rows that fell due meanwhile).
 */
function idle(signal: AbortSignal, maxIdleMs: number, onWake: (wake: () => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (idled: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", woken);
      resolve(idled);
    };
    const woken = () => done(false);
    const timer = setTimeout(() => done(true), maxIdleMs);
    onWake(woken);
    signal.addEventListener("abort", woken, { once: true });
  });
}
