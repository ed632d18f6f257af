import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid, parseIntId } from "../shared/ids.js";
import { toView, updatesInclude } from "./view.js";

/**
 * The occurrence of the caller's window; another account's, another window's, or a malformed id is
 * NotFound. `windowId` undefined: of any of the account's windows (GraphQL names it by its own id).
 */
export async function findMaintenance(ctx: DomainContext, windowId: unknown, id: unknown) {
  const window = windowId === undefined ? undefined : parseIntId(windowId);
  const row =
    window !== null && isUuid(id)
      ? await ctx.db.maintenance.findFirst({
          where: { id, accountId: ctx.accountId, ...(window === undefined ? {} : { windowId: window }) },
          include: updatesInclude,
        })
      : null;
  if (!row) throw new NotFoundError("maintenance", String(id));
  return row;
}

export async function getMaintenance({ ctx, windowId, id }: { ctx: DomainContext; windowId?: unknown; id: unknown }) {
  return toView(await findMaintenance(ctx, windowId, id), ctx.now());
}

/** The account's occurrences with these ids, in the ids' order (null where there is none): one query and its updates'. */
export async function getMaintenances({ ctx, ids }: { ctx: DomainContext; ids: readonly unknown[] }) {
  const wanted = ids.filter(isUuid);
  const rows = await ctx.db.maintenance.findMany({
    where: { accountId: ctx.accountId, id: { in: wanted } },
    include: updatesInclude,
  });
  const now = ctx.now();
  const byId = new Map(rows.map((row) => [row.id, toView(row, now)]));
  return ids.map((id) => (typeof id === "string" ? (byId.get(id) ?? null) : null));
}

/** The account's occurrences of these windows from `from` to `to`, in time order, at most `most` per window. */
export async function maintenancesOfWindows({
  ctx,
  windowIds,
  from,
  to,
  most,
}: {
  ctx: DomainContext;
  windowIds: readonly number[];
  from: Date;
  to: Date;
  most: number;
}) {
  const rows = await ctx.db.maintenance.findMany({
    where: { accountId: ctx.accountId, windowId: { in: [...windowIds] }, endsAt: { gt: from }, startsAt: { lt: to } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    include: updatesInclude,
  });
  const now = ctx.now();
  const byWindow = new Map<number, ReturnType<typeof toView>[]>(windowIds.map((id) => [id, []]));
  for (const row of rows) {
    const list = byWindow.get(row.windowId);
    if (list && list.length < most) list.push(toView(row, now));
  }
  return windowIds.map((id) => byWindow.get(id) ?? []);
}

/** The account's updates with these ids, in the ids' order (null where there is none). */
export async function getMaintenanceUpdates({ ctx, ids }: { ctx: DomainContext; ids: readonly unknown[] }) {
  const rows = await ctx.db.maintenanceUpdate.findMany({
    where: { accountId: ctx.accountId, id: { in: ids.filter(isUuid) } },
    include: { maintenance: { select: { windowId: true } } },
  });
  const byId = new Map(rows.map(({ maintenance, ...row }) => [row.id, { ...row, windowId: maintenance.windowId }]));
  return ids.map((id) => (typeof id === "string" ? (byId.get(id) ?? null) : null));
}

/** The account's occurrences of all its windows overlapping from..to, in time order, at most `most` (a calendar). */
export async function maintenancesBetween({
  ctx,
  from,
  to,
  most,
}: {
  ctx: DomainContext;
  from: Date;
  to: Date;
  most: number;
}) {
  const rows = await ctx.db.maintenance.findMany({
    where: { accountId: ctx.accountId, endsAt: { gt: from }, startsAt: { lt: to } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: most,
    include: updatesInclude,
  });
  const now = ctx.now();
  return rows.map((row) => toView(row, now));
}
