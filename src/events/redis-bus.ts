import { randomUUID } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import type { Logger } from "../logger.js";
import { createLocalListeners, type EventBus, type VigilEvent } from "./bus.js";

/** The one channel every instance publishes on and listens to. */
export const EVENTS_CHANNEL = "vigil:events";
/** The longest wait between two reconnection attempts. */
const MAX_BACKOFF_MS = 5_000;

/** What travels on the channel: the event and the instance that published it. */
type Envelope = { v: 1; from: string; event: VigilEvent };

export function encodeMessage(from: string, event: VigilEvent): string {
  return JSON.stringify({ v: 1, from, event } satisfies Envelope);
}

/**
 * The event of a message from the channel, or null for this instance's own echo (its listeners
 * had it at once when it was published) and for anything that is not one of our messages.
 */
export function receiveMessage(text: string, self: string): VigilEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { v, from, event } = parsed as Partial<Envelope>;
  if (v !== 1 || typeof from !== "string" || from === self) return null;
  if (typeof event !== "object" || event === null) return null;
  if (typeof event.type !== "string" || typeof event.accountId !== "string") return null;
  return event;
}

/** A Redis URL fit for a log line: its password (and user) replaced. */
export function redactRedisUrl(url: string): string {
  if (!URL.canParse(url)) return "[unparseable REDIS_URL]";
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  if (parsed.username) parsed.username = "***";
  return parsed.toString();
}

export type RedisBus = EventBus & {
  /** The publishing connection (no offline queue): also the rate limiters' store. */
  client: Redis;
  /** Resolves true once connected (subscribed), false after `ms` without. */
  whenConnected(ms: number): Promise<boolean>;
};

/**
 * The bus of several instances: one publisher and one subscriber connection, one channel.
 * An event is delivered to this instance's listeners at once, on the publisher's tick (as the
 * in-process bus does, so one instance works the same with Redis down), and its echo from Redis
 * is ignored: exactly once per instance. Events of other instances arrive through the channel.
 *
 * While Redis is down nothing is queued (the publisher has no offline queue): events stay on
 * their instance, counted and reported once Redis is back. One log line on loss, one on
 * recovery; reconnection backs off up to 5 s. On recovery `onResume` listeners are called:
 * events of other instances may have been missed.
 */
export function createRedisBus({
  url,
  logger,
  instanceId = randomUUID(),
}: {
  url: string;
  logger: Logger;
  instanceId?: string;
}): RedisBus {
  const local = createLocalListeners();
  const where = redactRedisUrl(url);
  const options: RedisOptions = {
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 6), MAX_BACKOFF_MS),
    connectionName: `vigil-${instanceId}`,
    // Resubscribing is done below, so that `onResume` is told only once the subscription holds.
    autoResubscribe: false,
  };
  const publisher = new Redis(url, { ...options, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: false, maxRetriesPerRequest: null });
  let subscribed = false;
  const link = connectionLog(logger, where, () => {
    try {
      local.emit("resume");
    } catch (error) {
      logger.error({ err: error }, "a listener of the bus's return failed");
    }
  });
  const update = () => link.set(publisher.status === "ready" && subscribed);
  publisher.on("error", link.failed);
  subscriber.on("error", link.failed);
  publisher.on("ready", update);
  publisher.on("close", update);
  subscriber.on("close", () => {
    subscribed = false;
    update();
  });
  subscriber.on("ready", () => {
    subscriber.subscribe(EVENTS_CHANNEL).then(
      () => {
        subscribed = true;
        update();
      },
      () => {}, // the connection went again; the next `ready` subscribes
    );
  });
  subscriber.on("message", (channel: string, text: string) => {
    if (channel !== EVENTS_CHANNEL) return;
    const event = receiveMessage(text, instanceId);
    if (!event) return;
    try {
      local.emit("event", event);
    } catch (error) {
      // A listener's failure must not reach ioredis's reply parser.
      logger.error({ err: error, event: event.type }, "an event listener failed");
    }
  });

  return {
    client: publisher,
    publish(event) {
      local.emit("event", event);
      if (publisher.status !== "ready") return void link.state.dropped++;
      publisher.publish(EVENTS_CHANNEL, encodeMessage(instanceId, event)).catch(() => void link.state.dropped++);
    },
    subscribe: (listener) => local.on("event", listener),
    onResume: (listener) => local.on("resume", () => listener()),
    redisConnected: () => link.state.connected,
    whenConnected(ms) {
      if (link.state.connected) return Promise.resolve(true);
      return new Promise((resolve) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (!link.state.connected && Date.now() - started < ms) return;
          clearInterval(poll);
          resolve(link.state.connected);
        }, 10);
      });
    },
    async close() {
      link.state.closing = true;
      link.state.connected = false;
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/**
 * The bus's link to Redis: each change logged once (connected, lost, back with the count of
 * events that stayed on this instance), and `resume` called when Redis is back after a loss.
 */
function connectionLog(logger: Logger, where: string, resume: () => void) {
  const state = {
    connected: false,
    /** Redis was lost (or never reached) since the last time it was connected. */
    lost: false,
    closing: false,
    /** Events published while Redis was away (they stayed on this instance). */
    dropped: 0,
  };
  return {
    state,
    /** Whether both connections are up now (the subscription held). */
    set(up: boolean) {
      const now = !state.closing && up;
      if (now === state.connected) return;
      state.connected = now;
      if (now) {
        if (!state.lost) return void logger.info({ redis: where }, "event bus connected to Redis");
        state.lost = false;
        logger.info({ redis: where, dropped: state.dropped }, "Redis is back: events are shared again");
        state.dropped = 0;
        resume();
      } else if (!state.closing) {
        state.lost = true;
        logger.warn({ redis: where }, "Redis connection lost: events stay on this instance until it is back");
      }
    },
    /** ioredis reports every failed attempt; the state change is logged once, in `set`. */
    failed(error: Error) {
      if (!state.connected && !state.lost && !state.closing) {
        state.lost = true;
        logger.warn(
          { redis: where, err: error.message },
          "cannot reach Redis: events stay on this instance until it can",
        );
      }
    },
  };
}
