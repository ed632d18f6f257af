import type { DomainContext } from "../shared/context.js";
import { isUuid } from "../shared/ids.js";
import { privateLocationInclude } from "./rows.js";
import { toPrivateLocationViews, type AgentKeyView, type PrivateLocationView } from "./view.js";

const uuids = (ids: readonly unknown[]) => ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));

function inOrder<T extends { id: string }>(wanted: (string | null)[], rows: T[]): (T | null)[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

/** The account's locations with these ids, in the ids' order (null where there is none). */
export async function getPrivateLocations({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(PrivateLocationView | null)[]> {
  const wanted = uuids(ids);
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.privateLocation.findMany({
        where: { accountId: ctx.accountId, id: { in: valid } },
        include: privateLocationInclude,
      })
    : [];
  return inOrder(wanted, await toPrivateLocationViews(ctx, rows));
}

/** Agent keys of the account's locations with these ids, in the ids' order; never their hash. */
export async function getAgentKeys({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(AgentKeyView | null)[]> {
  const wanted = uuids(ids);
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.agentKey.findMany({
        where: { id: { in: valid }, privateLocation: { accountId: ctx.accountId } },
        omit: { keyHash: true },
      })
    : [];
  return inOrder(wanted, rows);
}
