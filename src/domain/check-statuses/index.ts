export type { CheckStatusRow } from "./rows.js";
export { getCheckStatus } from "./get.js";
export { listCheckStatuses } from "./list.js";
export { getCheckStatuses } from "./batch.js";
export {
  CHECK_STATUSES,
  checkStatusWhere,
  toCheckStatusView,
  type CheckStatusValue,
  type CheckStatusView,
  type CheckWithStatus,
} from "./view.js";
