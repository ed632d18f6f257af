export { ownedCheck } from "./check.js";
export { checkResultCursor, decodeCheckResultCursor } from "./cursor.js";
export type { CheckResultRow } from "./select.js";
export { getCheckResult } from "./get.js";
export { listCheckResults } from "./list.js";
export { listCheckResultsV1 } from "./list-v1.js";
export { recordCheckResult } from "./record.js";
export * from "./schemas.js";
