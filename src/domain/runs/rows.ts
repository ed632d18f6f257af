import type { CheckRun } from "../../generated/sqlite/client.js";

/** A stored run of the run queue (scheduled, claimed, finished). */
export type CheckRunRow = CheckRun;
