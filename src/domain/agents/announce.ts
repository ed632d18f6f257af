import { Prisma } from "../../generated/sqlite/client.js";
import { ConflictError } from "../shared/errors.js";
import { isUniqueViolation } from "../shared/prisma-errors.js";
import type { AgentContext } from "./context.js";

type Facts = { agentId: string; version: string; platform: string; runtimeVersion: string };

/** Claims closer together than this write nothing: "seen" is read at minute scale (agentCount: 2 minutes). */
export const ANNOUNCE_EVERY_MS = 5_000;

/**
 * An agent's claim says it is alive: its Agent row (created on first claim), its location's
 * lastSeenAt and its key's lastUsedAt move to now. The location's updated_at does not: being
 * polled is not an edit, so lastSeenAt is written by a plain UPDATE, outside Prisma's @updatedAt.
 * A busy agent claims many times a second: within ANNOUNCE_EVERY_MS of the last write, with the
 * same facts, one read replaces the three writes.
 */
export async function announceAgent(ctx: AgentContext, facts: Facts): Promise<void> {
  const now = ctx.now();
  const known = await ctx.db.agent.findUnique({ where: { id: facts.agentId } });
  // An agent marked gone (disconnect.ts) is connected again by this claim, however recent its last.
  const fresh =
    known &&
    known.privateLocationId === ctx.privateLocationId &&
    known.disconnectedAt === null &&
    now.getTime() - known.lastSeenAt.getTime() < ANNOUNCE_EVERY_MS;
  if (
    fresh &&
    known.version === facts.version &&
    known.platform === facts.platform &&
    known.runtimeVersion === facts.runtimeVersion
  )
    return;
  const data = {
    version: facts.version,
    platform: facts.platform,
    runtimeVersion: facts.runtimeVersion,
    lastSeenAt: now,
    disconnectedAt: null,
  };
  const { count } = await ctx.db.agent.updateMany({
    where: { id: facts.agentId, privateLocationId: ctx.privateLocationId },
    data,
  });
  if (count === 0) {
    try {
      await ctx.db.agent.create({
        data: { id: facts.agentId, privateLocationId: ctx.privateLocationId, startedAt: now, ...data },
      });
    } catch (error) {
      // The id is taken by an agent of another location: runs are held under it, so it is refused.
      if (isUniqueViolation(error))
        throw new ConflictError(
          "agentId is in use by an agent of another private location; start the agent again for a new one",
        );
      throw error;
    }
  }
  await ctx.db.$executeRaw(
    Prisma.sql`UPDATE "PrivateLocation" SET "lastSeenAt" = ${now} WHERE "id" = ${ctx.privateLocationId}`,
  );
  await ctx.db.agentKey.updateMany({ where: { id: ctx.keyId }, data: { lastUsedAt: now } });
  ctx.events.publish({
    type: "privateLocationChanged",
    accountId: ctx.accountId,
    privateLocationId: ctx.privateLocationId,
  });
}

/** A lease renewal or a result also says the agent is alive (its row only: claims keep the location's). */
export async function touchAgent(ctx: AgentContext, agentId: string): Promise<void> {
  await ctx.db.agent.updateMany({
    where: { id: agentId, privateLocationId: ctx.privateLocationId },
    data: { lastSeenAt: ctx.now() },
  });
}
