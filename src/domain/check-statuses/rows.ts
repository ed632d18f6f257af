import type { Prisma } from "../../generated/sqlite/client.js";

// Minimal: the write path (record.ts) owns this file and its mapping; the lead reconciles the two.

/** A stored CheckStatus row (one per check that has run). */
export type CheckStatusRow = Prisma.CheckStatusGetPayload<object>;
