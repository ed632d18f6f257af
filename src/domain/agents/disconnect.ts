import type { DomainContext, SystemContext } from "../shared/context.js";
import { AGENT_SEEN_WITHIN_MS } from "./context.js";

type Leaving = { agentId: string; privateLocationId: string; accountId: string };

/**
 * Marks agents as gone (compare-and-set: one not already gone, and, for the silent ones, still not
 * seen since `seenBefore`), then tells each of their locations' watchers once, through the event
 * bus, so the screens change without waiting for a re-read. A later claim connects an agent again.
 */
async function markGone(
  ctx: Pick<DomainContext, "db" | "events">,
  agents: Leaving[],
  now: Date,
  seenBefore?: Date,
): Promise<number> {
  const told = new Set<string>();
  for (const agent of agents) {
    const { count } = await ctx.db.agent.updateMany({
      where: {
        id: agent.agentId,
        privateLocationId: agent.privateLocationId,
        disconnectedAt: null,
        ...(seenBefore ? { lastSeenAt: { lt: seenBefore } } : {}),
      },
      data: { disconnectedAt: now },
    });
    if (count === 0 || told.has(agent.privateLocationId)) continue;
    told.add(agent.privateLocationId);
    ctx.events.publish({
      type: "privateLocationChanged",
      accountId: agent.accountId,
      privateLocationId: agent.privateLocationId,
    });
  }
  return told.size;
}

/**
 * An agent's claim ended because its connection closed (the agent stopped, or was killed): it is
 * no longer connected, at once rather than once its last seen is 2 minutes old. The runs it holds
 * keep their lease (they are claimed again when it expires).
 */
export async function disconnectAgent(
  ctx: Pick<DomainContext, "db" | "events" | "now" | "accountId">,
  agent: { agentId: string; privateLocationId: string },
): Promise<void> {
  await markGone(ctx, [{ ...agent, accountId: ctx.accountId }], ctx.now());
}

/**
 * Agents silent for AGENT_SEEN_WITHIN_MS (gone without closing: a lost network, a frozen host)
 * leave "connected" the same way, found by the engine's sweep. Safe when several instances sweep
 * at once (compare-and-set); one event per location however many of its agents left. Returns how
 * many locations were told.
 */
export async function disconnectQuietAgents({ ctx, now }: { ctx: SystemContext; now: Date }): Promise<number> {
  const cutoff = new Date(now.getTime() - AGENT_SEEN_WITHIN_MS);
  const quiet = await ctx.db.agent.findMany({
    where: { disconnectedAt: null, lastSeenAt: { lt: cutoff } },
    select: { id: true, privateLocationId: true, privateLocation: { select: { accountId: true } } },
    take: 500,
  });
  const leaving = quiet.map((a) => ({
    agentId: a.id,
    privateLocationId: a.privateLocationId,
    accountId: a.privateLocation.accountId,
  }));
  return markGone(ctx, leaving, now, cutoff);
}
