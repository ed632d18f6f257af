import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { keepSecretValues } from "../shared/secrets.js";
import { parseInput } from "../shared/validation.js";
import { resolveReferences } from "./references.js";
import { toCheckGroupData } from "./rows.js";
import { getCheckGroup } from "./get.js";
import { checkGroupInclude, type CheckGroupRow } from "./rows.js";
import { translatePrismaErrors } from "./prisma-errors.js";
import { AutoAssignAlertsQuery, UpdateCheckGroupInput, type UpdateCheckGroupV2Input } from "./schemas.js";
import { writeAlertChannelSubscriptions } from "./alert-channel-subscriptions.js";

/**
 * PUT: a partial update (docs/decisions.md), an omitted property keeps its stored value. A sent nested
 * object (apiCheckDefaults, alertSettings) replaces the stored one as a whole.
 */
export async function updateCheckGroup({
  ctx,
  id,
  input,
  query = {},
  schema = UpdateCheckGroupInput,
}: {
  ctx: DomainContext;
  id: unknown;
  input: unknown;
  query?: unknown;
  /** The body's schema: v1's, or v2's (`name` required, null for a default: schemas.ts). */
  schema?: typeof UpdateCheckGroupInput | typeof UpdateCheckGroupV2Input;
}): Promise<CheckGroupRow> {
  // Another account's group is a 404 whatever the body holds.
  const current = await getCheckGroup({ ctx, id });
  const { alertChannelSubscriptions, ...fields } = withoutResponseFields(
    parseInput(schema as typeof UpdateCheckGroupInput, input),
  );
  // autoAssignAlerts acts at creation only (docs/decisions.md, Alerting): accepted, changes nothing.
  parseInput(AutoAssignAlertsQuery, query, "query");
  return translatePrismaErrors(() =>
    ctx.db.$transaction(async (tx) => {
      const privateLocations = await resolveReferences(tx, ctx.accountId, { ...fields, alertChannelSubscriptions });
      // updatedAt is set explicitly so that a change of subscriptions alone also counts as an update.
      await tx.checkGroup.update({
        where: { id: current.id },
        data: {
          ...toCheckGroupData({
            ...fields,
            environmentVariables: keepSecretValues(fields.environmentVariables, current.environmentVariables),
            privateLocations,
          }),
          updatedAt: ctx.now(),
          revision: { increment: 1 },
        },
      });
      await writeAlertChannelSubscriptions(tx, {
        accountId: ctx.accountId,
        groupId: current.id,
        sent: alertChannelSubscriptions,
        autoAssign: false,
      });
      return tx.checkGroup.findUniqueOrThrow({ where: { id: current.id }, include: checkGroupInclude });
    }),
  );
}
