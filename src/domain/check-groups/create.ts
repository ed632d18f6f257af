import type { DomainContext } from "../context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../validation.js";
import { resolveReferences } from "./references.js";
import { toCheckGroupData } from "./rows.js";
import { checkGroupInclude, type CheckGroupRow } from "./rows.js";
import { translatePrismaErrors } from "./prisma-errors.js";
import { AutoAssignAlertsQuery, CreateCheckGroupInput } from "./schemas.js";
import { writeAlertChannelSubscriptions } from "./alert-channel-subscriptions.js";

/** Creates the group and its subscriptions in one transaction; `query` carries autoAssignAlerts. */
export async function createCheckGroup({
  ctx,
  input,
  query = {},
}: {
  ctx: DomainContext;
  input: unknown;
  query?: unknown;
}): Promise<CheckGroupRow> {
  const { alertChannelSubscriptions, ...fields } = withoutResponseFields(parseInput(CreateCheckGroupInput, input));
  const { autoAssignAlerts } = parseInput(AutoAssignAlertsQuery, query, "query");
  return translatePrismaErrors(() =>
    ctx.db.$transaction(async (tx) => {
      const privateLocations = await resolveReferences(tx, ctx.accountId, { ...fields, alertChannelSubscriptions });
      const group = await tx.checkGroup.create({
        data: { ...toCheckGroupData({ ...fields, privateLocations }), accountId: ctx.accountId },
      });
      await writeAlertChannelSubscriptions(tx, {
        accountId: ctx.accountId,
        groupId: group.id,
        sent: alertChannelSubscriptions,
        autoAssign: autoAssignAlerts,
      });
      return tx.checkGroup.findUniqueOrThrow({ where: { id: group.id }, include: checkGroupInclude });
    }),
  );
}
