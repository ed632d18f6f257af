export { claimRuns, finishRun, renewLease, type Claim, type ClaimScope } from "./claim.js";
export { DROP_AFTER_MS, dropUnclaimedRuns, droppedMessage } from "./drop.js";
