import { parseInput } from "../shared/validation.js";
import type { AgentContext } from "./context.js";
import { AgentErrorReportInput } from "./schemas.js";

/** Reports kept per location: the newest are what diagnosis needs, and a looping agent cannot fill the disk. */
export const KEPT_REPORTS = 500;

/** POST /agent/v1/error-reports: one error-level event of an agent, stored for its location. */
export async function reportAgentError({ ctx, input }: { ctx: AgentContext; input: unknown }) {
  const data = parseInput(AgentErrorReportInput, input);
  const report = await ctx.db.agentErrorReport.create({
    data: {
      privateLocationId: ctx.privateLocationId,
      message: data.message,
      stack: data.stack ?? null,
      agentVersion: data.agentVersion,
      platform: data.platform,
      runtimeVersion: data.runtimeVersion,
      createdAt: ctx.now(),
    },
  });
  const oldestKept = await ctx.db.agentErrorReport.findFirst({
    where: { privateLocationId: ctx.privateLocationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: KEPT_REPORTS - 1,
    select: { createdAt: true },
  });
  if (oldestKept)
    await ctx.db.agentErrorReport.deleteMany({
      where: { privateLocationId: ctx.privateLocationId, createdAt: { lt: oldestKept.createdAt } },
    });
  return report;
}
