import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { resolveReferences } from "./references.js";
import { toCheckGroupData } from "./rows.js";
import { checkGroupInclude, type CheckGroupRow } from "./rows.js";
import { translatePrismaErrors } from "./prisma-errors.js";
import { AutoAssignAlertsQuery, CreateCheckGroupInput, type CreateCheckGroupV2Input } from "./schemas.js";
import { writeAlertChannelSubscriptions } from "./alert-channel-subscriptions.js";

/** Creates the group and its subscriptions in one transaction; `query` carries autoAssignAlerts. */
export async function createCheckGroup({
  ctx,
  input,
  query = {},
  schema = CreateCheckGroupInput,
}: {
  ctx: DomainContext;
  input: unknown;
  query?: unknown;
  /** The body's schema: v1's, or v2's (the same properties, other defaults: schemas.ts). */
  schema?: typeof CreateCheckGroupInput | typeof CreateCheckGroupV2Input;
}): Promise<CheckGroupRow> {
  const { alertChannelSubscriptions, ...fields } = withoutResponseFields(
    parseInput(schema as typeof CreateCheckGroupInput, input),
  );
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
