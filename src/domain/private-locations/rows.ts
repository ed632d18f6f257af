import type { AgentErrorReport, AgentKey, PrivateLocation } from "../../generated/sqlite/client.js";

/** A stored private location. */
export type PrivateLocationRow = PrivateLocation;
/** A stored agent key (reads omit its hash: see AgentKeyView). */
export type AgentKeyRow = AgentKey;
/** A stored error report of an agent. */
export type AgentErrorReportRow = AgentErrorReport;

/** Keys oldest first. */
export const privateLocationInclude = {
  keys: { omit: { keyHash: true }, orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] },
};
