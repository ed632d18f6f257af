import type { Prisma } from "../../generated/sqlite/client.js";

// Minimal: the write path owns the insert code and may extend this file; the lead reconciles the two.

/** A stored CheckAlert row: one alert decision, sent or silenced. */
export type CheckAlertRow = Prisma.CheckAlertGetPayload<object>;
