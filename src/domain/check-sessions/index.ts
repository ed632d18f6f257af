export { awaitCheckSessionCompletion } from "./await-completion.js";
export { cancelCheckSession } from "./cancel.js";
export { getCheckSession } from "./get.js";
export { settleSession, sessionOutcome } from "./settle.js";
export { triggerCheckSessions } from "./trigger.js";
export { isFinished, type ConciseResult, type SessionView } from "./view.js";
export * from "./schemas.js";
export { getCheckSessions } from "./view.js";
export { pageResultsOfSessions } from "./results.js";
