import type { HeartbeatEvent } from "../../generated/sqlite/client.js";

/** A stored heartbeat event: a ping's state, or a FAILING event written for a missed period. */
export type HeartbeatEventRow = HeartbeatEvent;
