import { z } from "zod";
import { json } from "../../db/json.js";
import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { getMaintenanceWindow } from "./get.js";
import { checkWindowDates, UpdateMaintenanceWindowInput } from "./schemas.js";
import { publishWindowPages } from "./page-events.js";
import { checkVisibilityRefs } from "./visibility.js";
import { bumpWindowsRevision } from "./revision.js";
import { horizonFrom, remakeOccurrences } from "./occurrence-rows.js";

/** PUT: the required fields are replaced; an omitted optional field keeps its stored value. */
export async function updateMaintenanceWindow({ ctx, id, input }: { ctx: DomainContext; id: unknown; input: unknown }) {
  const current = await getMaintenanceWindow({ ctx, id });
  const data = withoutResponseFields(parseInput(UpdateMaintenanceWindowInput, input));
  // The date rules hold for the stored window merged with what was sent.
  parseInput(z.any().superRefine(checkWindowDates), {
    ...current,
    ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)),
  });
  const updated = await ctx.db.$transaction(async (tx) => {
    if (data.statusPageVisibility) await checkVisibilityRefs(tx, ctx.accountId, data.statusPageVisibility);
    await bumpWindowsRevision(tx, ctx.accountId);
    const now = ctx.now();
    const window = await tx.maintenanceWindow.update({
      where: { id: current.id },
      data: { ...data, statusPageVisibility: json(data.statusPageVisibility), occurrencesUntil: horizonFrom(now) },
    });
    await remakeOccurrences(tx, window, now);
    return window;
  });
  // The pages it left and the pages it joins.
  publishWindowPages(ctx, [current, updated]);
  return updated;
}
