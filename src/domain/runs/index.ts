export { claimRuns, finishRun, renewLease, type Claim, type ClaimScope } from "./claim.js";
