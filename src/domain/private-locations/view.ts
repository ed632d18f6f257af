import type { AgentKey, PrivateLocation } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../context.js";

/** An agent key as reads see it: never its hash (and the key itself is not stored). */
export type AgentKeyView = Omit<AgentKey, "keyHash">;
/** A private location as the API shows it: its keys and the depth of its run queue. */
export type PrivateLocationView = PrivateLocation & { keys: AgentKeyView[]; queueSize: number };

/** Keys oldest first. */
export const withKeys = { keys: { omit: { keyHash: true }, orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] } };

/** Queue depth per location: QUEUED runs, counted in SQL in one query for any number of locations. */
export async function withQueues(ctx: DomainContext, locations: (PrivateLocation & { keys: AgentKeyView[] })[]): Promise<PrivateLocationView[]> {
  if (locations.length === 0) return [];
  const counts = await ctx.db.checkRun.groupBy({
    by: ["privateLocationId"],
    where: { accountId: ctx.accountId, status: "QUEUED", privateLocationId: { in: locations.map((l) => l.id) } },
    _count: { _all: true },
  });
  const size = new Map(counts.map((row) => [row.privateLocationId, row._count._all]));
  return locations.map((location) => ({ ...location, queueSize: size.get(location.id) ?? 0 }));
}
