import type { DomainContext } from "../shared/context.js";

/**
 * The `ctx` of an agent API verb: the domain context of the location's account, narrowed to the
 * private location whose key the agent presented. Every query filters by that location.
 */
export type AgentContext = DomainContext & {
  privateLocationId: string;
  /** The location's slug: the `runLocation` of every result its agents post. */
  slugName: string;
  keyId: string;
};

/** Agents seen this recently count as connected (agentCount); a claim long-polls for at most 25 s. */
export const AGENT_SEEN_WITHIN_MS = 2 * 60_000;

/** The agents connected at `now`: seen within AGENT_SEEN_WITHIN_MS and not gone since (disconnect.ts). */
export const connectedAt = (now: Date) => ({
  lastSeenAt: { gte: new Date(now.getTime() - AGENT_SEEN_WITHIN_MS) },
  disconnectedAt: null,
});
