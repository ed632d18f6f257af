export { endSession } from "./end.js";
export { findSession, liveSessionIds } from "./get.js";
export { openSession, WRONG_KEY, type OpenedSession } from "./open.js";
export { markSessionsSeen } from "./seen.js";
export { completeSetup, issueSetupToken, SETUP_TOKEN_MS, setupRequired } from "./setup.js";
export {
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SESSION_TOUCH_MS,
  toSessionView,
  type SessionView,
} from "./view.js";
