import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid, parseIntId } from "../shared/ids.js";
import { parseInput } from "../shared/validation.js";
import { withGroupSettings } from "./group-settings.js";
import { GetCheckQuery } from "./schemas.js";
import { checkInclude, type CheckRow } from "./rows.js";

/** The check of the caller's account; another account's id, or one that is not a uuid, is NotFound. */
export async function getCheck({ ctx, id }: { ctx: DomainContext; id: unknown }): Promise<CheckRow> {
  const check = isUuid(id)
    ? await ctx.db.check.findFirst({ where: { id, accountId: ctx.accountId }, include: checkInclude })
    : null;
  if (!check) throw new NotFoundError("check", String(id));
  return check;
}

/**
 * A check of one of the caller's groups, with the group's settings applied (group-settings.ts): the group is NotFound when it is not the caller's (or the
 * id is not an integer), the check when it is not in that group.
 */
export async function getGroupCheck({
  ctx,
  groupId,
  checkId,
}: {
  ctx: DomainContext;
  groupId: unknown;
  checkId: unknown;
}): Promise<CheckRow> {
  const id = parseIntId(groupId);
  const group = id === null ? null : await ctx.db.checkGroup.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!group) throw new NotFoundError("check group", String(groupId));
  const check = isUuid(checkId)
    ? await ctx.db.check.findFirst({
        where: { id: checkId, accountId: ctx.accountId, groupId: group.id },
        include: checkInclude,
      })
    : null;
  if (!check) throw new NotFoundError("check", String(checkId));
  return withGroupSettings(check, group);
}

/** GET /v1/checks/{id} with its query: `applyGroupSettings` shows a check of a group as it runs (group-settings.ts). */
export async function readCheck({ ctx, id, query }: { ctx: DomainContext; id: unknown; query?: unknown }) {
  const { applyGroupSettings } = parseInput(GetCheckQuery, query ?? {}, "query");
  const check = await getCheck({ ctx, id });
  const group =
    applyGroupSettings && check.groupId !== null
      ? await ctx.db.checkGroup.findFirst({ where: { id: check.groupId, accountId: ctx.accountId } })
      : null;
  return group ? withGroupSettings(check, group) : check;
}
