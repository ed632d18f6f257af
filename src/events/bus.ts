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
  /** A check's status changed condition (PASSING, DEGRADED, FAILING) with a recorded result or heartbeat event. */
  | { type: "checkStatusChanged"; accountId: string; checkId: string; condition: "PASSING" | "DEGRADED" | "FAILING" }
  /** A status page, its cards, or a service it shows was written (or the page deleted): what visitors see changed. */
  | { type: "statusPageChanged"; accountId: string; statusPageIds: string[] }
  /** Alert notifications were stored; delivery workers wake up instead of waiting for their next look. */
  | { type: "notificationsQueued"; accountId: string }
  /** An API key was revoked: every instance's authenticator forgets its cached keys. */
  | { type: "apiKeyRevoked"; accountId: string; keyId: string };

export type EventBus = {
  publish(event: VigilEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: VigilEvent) => void): () => void;
};

/** The default bus: one process. A Redis-backed bus with the same interface serves several instances. */
export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => void emitter.emit("event", event),
    subscribe(listener) {
      emitter.on("event", listener);
      return () => void emitter.off("event", listener);
    },
  };
}
