import { EventEmitter } from "node:events";

/**
 * What domain verbs announce after their transaction commits, so that a REST write, a GraphQL
 * mutation and the engine all reach subscribers. Every event names its account: subscribers
 * only ever see their own account's events.
 */
export type VigilEvent =
  | { type: "incidentChanged"; accountId: string; incidentId: string; statusPageIds: string[] }
  | {
      type: "incidentUpdateAdded";
      accountId: string;
      incidentId: string;
      incidentUpdateId: string;
      statusPageIds: string[];
    }
  | { type: "heartbeatEventRecorded"; accountId: string; checkId: string; eventId: string; state: string }
  | { type: "checkResultRecorded"; accountId: string; checkId: string; checkResultId: string; hasFailures: boolean }
  /** Runs were queued (by the scheduler or a session trigger); waiting agents of these private locations wake up. */
  | { type: "runsQueued"; accountId: string; privateLocationIds: string[] }
  /** An agent of a private location called in (first claim, or a claim after ANNOUNCE_EVERY_MS): its last seen moved. */
  | { type: "privateLocationChanged"; accountId: string; privateLocationId: string }
  /** A check's status changed condition (PASSING, DEGRADED, FAILING) with a recorded result or heartbeat event. */
  | { type: "checkStatusChanged"; accountId: string; checkId: string; condition: "PASSING" | "DEGRADED" | "FAILING" }
  /** A status page, its cards, or a service it shows was written (or the page deleted): what visitors see changed. */
  | { type: "statusPageChanged"; accountId: string; statusPageIds: string[] }
  /** An occurrence of a maintenance window was moved or skipped, or its updates written: the linked pages' streams tell visitors. */
  | { type: "maintenanceChanged"; accountId: string; windowId: number; maintenanceId: string; statusPageIds: string[] }
  /** Alert notifications were stored; delivery workers wake up instead of waiting for their next look. */
  | { type: "notificationsQueued"; accountId: string }
  /** An API key was revoked: every instance's authenticator forgets it at once (instead of after its cache's 10 s). */
  | { type: "apiKeyRevoked"; accountId: string; keyId: string }
  /** A session was signed out: every instance closes the streams it opened. */
  | { type: "sessionEnded"; accountId: string; sessionId: string };

export type EventBus = {
  publish(event: VigilEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: VigilEvent) => void): () => void;
  /**
   * `listener` is called when a shared bus is back after an outage: events of other instances
   * may have been missed meanwhile, so caches empty themselves and streams tell their clients.
   * Returns the unsubscribe function. The in-process bus never calls it.
   */
  onResume(listener: () => void): () => void;
  /** Whether events reach the other instances now through Redis (false for the in-process bus): for metrics and health. */
  redisConnected(): boolean;
  /** Closes the bus's connections (at the end of a graceful stop). */
  close(): Promise<void>;
};

/** The local half of every bus: listeners of this process, each called once per event. */
export function createLocalListeners() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (name: "event" | "resume", event?: VigilEvent) => void emitter.emit(name, event),
    on(name: "event" | "resume", listener: (event: VigilEvent) => void): () => void {
      emitter.on(name, listener);
      return () => void emitter.off(name, listener);
    },
  };
}

/** The default bus: one process. The Redis bus (redis-bus.ts) has the same interface and serves several instances. */
export function createInProcessBus(): EventBus {
  const local = createLocalListeners();
  return {
    publish: (event) => local.emit("event", event),
    subscribe: (listener) => local.on("event", listener),
    onResume: () => () => {},
    redisConnected: () => false,
    close: async () => {},
  };
}
