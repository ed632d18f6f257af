export { type IdempotencyClaim, claimIdempotencyKey, type IdempotentRequest } from "./claim.js";
export { completeIdempotencyKey, releaseIdempotencyKey } from "./complete.js";
export { canonicalJson } from "./hash.js";
export { IDEMPOTENCY_WINDOW_MS, IdempotencyKey } from "./schemas.js";
export { sweepIdempotencyKeys } from "./sweep.js";
