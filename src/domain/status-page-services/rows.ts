import type { StatusPageService } from "../../generated/sqlite/client.js";

/** A stored status page service. */
export type StatusPageServiceRow = StatusPageService;
