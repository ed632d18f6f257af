import { json } from "../../db/json.js";
import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { CreateMaintenanceWindowInput } from "./schemas.js";
import { publishWindowPages } from "./page-events.js";
import { checkVisibilityRefs } from "./visibility.js";
import { bumpWindowsRevision } from "./revision.js";
import { horizonFrom, makeOccurrences } from "./occurrence-rows.js";

export async function createMaintenanceWindow({ ctx, input }: { ctx: DomainContext; input: unknown }) {
  const data = withoutResponseFields(parseInput(CreateMaintenanceWindowInput, input));
  const created = await ctx.db.$transaction(async (tx) => {
    await checkVisibilityRefs(tx, ctx.accountId, data.statusPageVisibility);
    await bumpWindowsRevision(tx, ctx.accountId);
    const now = ctx.now();
    const window = await tx.maintenanceWindow.create({
      data: {
        ...data,
        statusPageVisibility: json(data.statusPageVisibility),
        accountId: ctx.accountId,
        occurrencesUntil: horizonFrom(now),
      },
    });
    await makeOccurrences(tx, window, now);
    return window;
  });
  publishWindowPages(ctx, [created]);
  return created;
}
