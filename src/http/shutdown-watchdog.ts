import type { Logger } from "../logger.js";

/**
 * Whatever still holds the process `ms` after a stop began is named in the log (Node's active
 * resources: sockets, timers, file handles...) and the process exits 1: a stop never hangs, and
 * the operator learns what held it. Unref'd: it never keeps the process alive by itself.
 */
export function exitIfStillRunningAfter(ms: number, logger: Logger): void {
  setTimeout(() => {
    logger.error({ holding: process.getActiveResourcesInfo() }, "shutdown overran: exiting");
    logger.flush();
    process.exit(1);
  }, ms).unref();
}
