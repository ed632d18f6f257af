export { authenticateAgent, type AgentCaller } from "./authenticate.js";
export { claimAgentRuns, type ClaimedRun } from "./claim.js";
export { AGENT_SEEN_WITHIN_MS, type AgentContext, connectedAt } from "./context.js";
export { disconnectAgent, disconnectQuietAgents } from "./disconnect.js";
export { reportAgentError } from "./error-reports.js";
export { renewAgentLease } from "./lease.js";
export { recordAgentResult } from "./results.js";
export * from "./schemas.js";
