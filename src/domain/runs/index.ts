export {
  claimRuns,
  extendLeases,
  finishRun,
  renewLease,
  type Claim,
  type ClaimedRunRow,
  type ClaimScope,
  type StoredRevision,
} from "./claim.js";
export { DROP_AFTER_MS, dropUnclaimedRuns, droppedMessage } from "./drop.js";
export { recordHeldTries, type HeldTry } from "./record.js";
export { releaseRun } from "./claim.js";
export type { CheckRunRow } from "./rows.js";
