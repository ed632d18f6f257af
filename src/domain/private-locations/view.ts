import type { AgentKeyRow, PrivateLocationRow } from "./rows.js";
import { connectedAt } from "../agents/context.js";
import type { DomainContext } from "../shared/context.js";

/** An agent key as reads see it: never its hash (and the key itself is not stored). */
export type AgentKeyView = Omit<AgentKeyRow, "keyHash">;
/** A private location as the API shows it: its keys, the depth of its run queue and its connected agents. */
export type PrivateLocationView = PrivateLocationRow & { keys: AgentKeyView[]; queueSize: number; agentCount: number };

/**
 * Queue depth (QUEUED runs) and agent count (agents that claimed or renewed within the last 2
 * minutes: a claim long-polls for at most 25 s, so a live agent is never older; and that did not
 * leave since: agents/disconnect.ts) per location, in
 * two grouped queries for any number of locations.
 */
export async function toPrivateLocationViews(
  ctx: DomainContext,
  locations: (PrivateLocationRow & { keys: AgentKeyView[] })[],
): Promise<PrivateLocationView[]> {
  if (locations.length === 0) return [];
  const ids = locations.map((l) => l.id);
  const counts = await ctx.db.checkRun.groupBy({
    by: ["privateLocationId"],
    where: { accountId: ctx.accountId, status: "QUEUED", privateLocationId: { in: ids } },
    _count: { _all: true },
  });
  const agents = await ctx.db.agent.groupBy({
    by: ["privateLocationId"],
    where: {
      privateLocationId: { in: ids },
      ...connectedAt(ctx.now()),
    },
    _count: { _all: true },
  });
  const size = new Map(counts.map((row) => [row.privateLocationId, row._count._all]));
  const connected = new Map(agents.map((row) => [row.privateLocationId, row._count._all]));
  return locations.map((location) => ({
    ...location,
    queueSize: size.get(location.id) ?? 0,
    agentCount: connected.get(location.id) ?? 0,
  }));
}
