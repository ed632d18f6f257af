import { connectedAt } from "../agents/context.js";
import type { DomainContext } from "../shared/context.js";

/** An agent of a location as the operator sees it: what it runs, when it last called, what it holds. */
export type ConnectedAgentView = {
  id: string;
  privateLocationId: string;
  version: string;
  platform: string;
  runtimeVersion: string;
  startedAt: Date;
  lastSeenAt: Date;
  /** Runs leased to this agent and under way (its own queue: claimed, not yet reported). */
  runsHeld: number;
};

/**
 * The agents of these locations connected now (seen within AGENT_SEEN_WITHIN_MS and not gone
 * since: the ones agentCount counts),
 * most recently seen first, per location in the ids' order: two statements for any number of
 * locations. Only locations of the caller's account are read.
 */
export async function connectedAgentsOf({
  ctx,
  locationIds,
}: {
  ctx: DomainContext;
  locationIds: readonly string[];
}): Promise<ConnectedAgentView[][]> {
  const rows = await ctx.db.agent.findMany({
    where: {
      privateLocationId: { in: [...locationIds] },
      privateLocation: { accountId: ctx.accountId },
      ...connectedAt(ctx.now()),
    },
    orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
  });
  const held = rows.length
    ? await ctx.db.checkRun.groupBy({
        by: ["leaseOwner"],
        where: {
          accountId: ctx.accountId,
          status: "RUNNING",
          privateLocationId: { in: [...locationIds] },
          leaseOwner: { in: rows.map((row) => row.id) },
        },
        _count: { _all: true },
      })
    : [];
  const heldBy = new Map(held.map((row) => [row.leaseOwner, row._count._all]));
  const byLocation = new Map<string, ConnectedAgentView[]>();
  for (const row of rows) {
    const list = byLocation.get(row.privateLocationId) ?? [];
    list.push({ ...row, runsHeld: heldBy.get(row.id) ?? 0 });
    byLocation.set(row.privateLocationId, list);
  }
  return locationIds.map((id) => byLocation.get(id) ?? []);
}
