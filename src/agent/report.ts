import { ERROR_MESSAGE_MAX, ERROR_STACK_MAX } from "../domain/agents/schemas.js";
import type { ServiceClient } from "./client.js";
import type { ErrorEvent } from "./logger.js";
import type { Scrubber } from "./scrub.js";

/** At most this many reports a minute: an error that repeats every run must not flood the service. */
const PER_MINUTE = 20;

/**
 * Sends error-level events to the service (spec, Events): the message and stack (scrubbed,
 * truncated), the agent's version, platform and runtime version, and nothing else. Off with
 * EXTERNAL_OBSERVABILITY=off. A report that cannot be sent is dropped, never retried or logged
 * as an error (which would report again).
 */
export function createErrorReporter(options: {
  enabled: boolean;
  client: () => ServiceClient | null;
  scrubber: Scrubber;
  version: string;
}) {
  const sent: number[] = [];
  const pending = new Set<Promise<void>>();
  return {
    capture(event: ErrorEvent) {
      const client = options.client();
      if (!options.enabled || !client) return;
      const now = Date.now();
      while (sent.length && sent[0]! < now - 60_000) sent.shift();
      if (sent.length >= PER_MINUTE) return;
      sent.push(now);
      const body = {
        message: options.scrubber.text(event.message).slice(0, ERROR_MESSAGE_MAX) || "error",
        stack: event.stack === null ? null : options.scrubber.text(event.stack).slice(0, ERROR_STACK_MAX),
        agentVersion: options.version,
        platform: process.platform,
        runtimeVersion: process.version,
      };
      const sending: Promise<void> = client
        .reportError(body)
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    /** Waits (bounded) for reports under way, before the process exits. */
    async flush(ms = 2_000) {
      await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, ms).unref())]);
    },
  };
}
