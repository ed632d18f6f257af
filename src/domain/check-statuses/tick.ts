import type { SystemContext } from "../shared/context.js";
import { noStatusEffects, runStatusEffects } from "./effects.js";
import { recordCheckStatus } from "./record.js";
import { DEFAULT_PUBLIC_URL } from "./results.js";

const BATCH = 200;

/**
 * The engine's sweep for time-based alerts, across accounts: every status whose dueAt has passed
 * (a reminder, a TIME_BASED threshold, a flapping check settling) is decided again with a tick,
 * each in its own transaction with the same compare-and-set as results, so instances sweeping at
 * once raise each alert once. Returns how many statuses it ticked.
 */
export async function tickDueCheckStatuses({ ctx, now }: { ctx: SystemContext; now: Date }): Promise<number> {
  const due = await ctx.db.checkStatus.findMany({
    where: { dueAt: { lte: now } },
    orderBy: { dueAt: "asc" },
    take: BATCH,
    select: { checkId: true, accountId: true, version: true },
  });
  let ticked = 0;
  for (const status of due) {
    const effects = noStatusEffects();
    const written = await ctx.db.$transaction((tx) =>
      recordCheckStatus({
        tx,
        accountId: status.accountId,
        checkId: status.checkId,
        now,
        publicUrl: ctx.publicUrl ?? DEFAULT_PUBLIC_URL,
        effects,
        // Another instance's tick (or a run) got there first when the row moved on.
        observe: async (_context, row) => (row.dueAt && row.dueAt <= now ? { kind: "tick" } : null),
      }),
    );
    if (written) ticked++;
    await runStatusEffects(ctx, effects);
  }
  return ticked;
}
