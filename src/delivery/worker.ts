import type { AppContext } from "../app-context.js";
import { deliver } from "./index.js";
import { nextDelivery, type TryResult } from "../domain/alert-notifications/delivery-rules.js";
import { parseStoredChannel } from "../domain/alert-channels/schemas.js";
import { claimNotifications, releaseNotification } from "../domain/alert-notifications/claim.js";
import { digestRequest, finishDigest, foldBursts, isDigest } from "../domain/alert-notifications/digest.js";
import type { AlertNotificationRow, NotificationRequest } from "../domain/alert-notifications/rows.js";
import { forgetGoneSubscriber, subscriberTarget } from "../domain/status-page-subscriptions/deliveries.js";
import { isSubscriberRequest, type SubscriberRequest } from "../domain/status-page-subscriptions/rows.js";
import { FairSlots } from "../platform/fair-slots.js";
import { ClaimLoop } from "../platform/claim-loop.js";
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
 * Claims run ahead in batches (a ClaimLoop, outboxClaims): up to `concurrency` claimed rows wait
 * for a place besides those in flight, and the next claim is made once at most half as many wait
 * (not one claim per finished try).
 * A waiting row whose lease ran out is dropped (it is claimable again, by anyone). Once a claim
 * comes back short the outbox is drained: finished tries no longer trigger claims, only
 * `notificationsQueued`, `nudge` and the idle timer do. Outcomes are group-committed
 * (createOutcomeWriter). Claims take each account's oldest rows in turn, and the `concurrency`
 * places are shared round-robin between the accounts with rows waiting (FairSlots): one account's
 * slow receivers never hold every worker while another account's notifications wait.
 */
export function startDeliveryWorkers(app: AppContext, options: DeliveryOptions) {
  const ctx = { db: app.database.prisma };
  const now = options.now ?? (() => new Date());
  const writer = createOutcomeWriter(ctx.db, { maxBatch: 200 });
  const stats = { delivered: 0, lost: 0, failed: 0 };
  const policy = outboxClaims(app, options, attempter({ app, ctx, now, writer, stats }), stats);
  const loop = new ClaimLoop<string, AlertNotificationRow>(policy);
  /** Something may have become due: claim again even if the last claim came back short. */
  const refill = () => {
    policy.refill();
    loop.wake();
  };
  const unsubscribe = app.events.subscribe((event) => {
    if (event.type === "notificationsQueued") refill();
  });
  return {
    stats,
    /** Tries under way (a claimed row waiting for its place is not one). */
    inFlight: () => loop.tasks.size - policy.waiting(),
    /** Wakes the workers (tests that move an injected clock). */
    nudge: refill,
    /**
     * Stops claiming (rows claimed and not started go back at once), lets tries under way finish
     * until `timeoutMs`, then hands the rest back.
     */
    async stop(timeoutMs: number): Promise<void> {
      unsubscribe();
      await loop.stopClaiming();
      if (!(await loop.drain(timeoutMs))) await loop.abandon();
    },
  };
}

/**
 * The delivery workers' claim policy (ClaimLoop). A claimed row waits for a place (FairSlots:
 * accounts in turn) and is tried if its lease still holds, else dropped (claimable again, by
 * anyone); rows claimed ahead count against `concurrency` + `ahead`. A claim is made while the
 * outbox is not drained and at most half of `ahead` rows wait for a place; a short claim marks it
 * drained, and then only `refill` (an event, a nudge) or an idle wait ended by its timer claim
 * again. A try ending wakes a loop that waits for room.
 */
function outboxClaims(
  app: AppContext,
  options: DeliveryOptions,
  attempt: (row: AlertNotificationRow) => Promise<void>,
  stats: { failed: number },
) {
  const ctx = { db: app.database.prisma };
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
  const maxIdleMs = options.maxIdleMs ?? 1_000;
  const slots = new FairSlots(options.concurrency);
  const ahead = Math.min(options.concurrency, CLAIM_BATCH);
  /** Claimed rows waiting for a place. */
  let waiting = 0;
  let drained = false;
  const policy = {
    /** The outbox may hold due rows again (the owner wakes the loop). */
    refill: () => {
      drained = false;
    },
    waiting: () => waiting,
    keyOf: (row: AlertNotificationRow) => row.id,
    plan: (underway: number) => {
      const room = options.concurrency + ahead - underway;
      return !drained && waiting <= ahead / 2 && room > 0
        ? { claim: Math.min(room, CLAIM_BATCH) }
        : { waitMs: maxIdleMs, untilFinish: true };
    },
    claim: async (limit: number, signal: AbortSignal) => {
      const claimed = await claimBatch(app, { ctx, now: now(), leaseMs, limit }, signal);
      drained = claimed.drained;
      return claimed.rows;
    },
    after: (claimed: number) => (claimed > 0 ? { waitMs: 0 } : { waitMs: maxIdleMs, untilFinish: true }),
    onIdle: () => {
      drained = false;
    },
    release: (row: AlertNotificationRow) => releaseNotification({ ctx, held: row }).then(() => undefined),
    async run(row: AlertNotificationRow, _signal: AbortSignal, stopping: AbortSignal) {
      waiting++;
      const release = await slots.acquire(row.accountId, stopping).catch(() => null);
      waiting--;
      // Stopping: the row goes back at once, never tried.
      if (!release) return void (await policy.release(row).catch(() => undefined));
      try {
        if (row.leaseUntil && row.leaseUntil.getTime() > now().getTime()) await attempt(row);
      } catch (error) {
        stats.failed++;
        app.logger.error({ err: error, notificationId: row.id }, "alert delivery failed");
      } finally {
        release();
      }
    },
  };
  return policy;
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
