import type { IncidentUpdate } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../context.js";
import { isUuid } from "../ids.js";
import { decodeCursor, encodeCursor, keysetPage, pageSize, type Page, type PageArgs } from "../pagination.js";
import { incidentViews } from "./batch.js";
import { compareNewestFirst } from "./derive.js";
import type { IncidentView } from "./load.js";

/** A keyset page of the account's incidents, newest first (created_at, id): the REST nextId cursors. */
export async function pageIncidents({
  ctx,
  args,
}: {
  ctx: DomainContext;
  args: PageArgs;
}): Promise<Page<IncidentView>> {
  const page = await keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.incident.findMany({ where: { accountId: ctx.accountId, ...where }, orderBy, take }),
  );
  return { ...page, nodes: await incidentViews(ctx, page.nodes) };
}

const uuids = (ids: readonly unknown[]) => ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));

/** The account's incidents with these ids, in the ids' order (null where there is none). */
export async function getIncidents({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(IncidentView | null)[]> {
  const wanted = uuids(ids);
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.incident.findMany({ where: { accountId: ctx.accountId, id: { in: valid } } })
    : [];
  const byId = new Map((await incidentViews(ctx, rows)).map((view) => [view.id, view]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

/** The updates with these ids of the account's incidents, in the ids' order (null where there is none). */
export async function getIncidentUpdates({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(IncidentUpdate | null)[]> {
  const wanted = uuids(ids);
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.incidentUpdate.findMany({ where: { id: { in: valid }, incident: { accountId: ctx.accountId } } })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

type UpdateLike = IncidentView["updates"][number];
const positionOf = (u: UpdateLike) => [u.publicIncidentUpdateDate.getTime(), u.createdAt.getTime(), u.id] as const;

/**
 * One keyset page of an incident's updates (already loaded, newest first by
 * publicIncidentUpdateDate, then created_at, then id), forwards or backwards. The cursor holds
 * that position, [date ms, created ms, id], in the opaque format of every other cursor.
 */
export function pageIncidentUpdates<U extends UpdateLike>(newestFirst: readonly U[], args: PageArgs): Page<U> {
  const { size, backward } = pageSize(args);
  const cursor = backward ? args.before : args.after;
  const from = cursor ? decodeCursor(cursor, ["number", "number", "string"], backward ? "before" : "after") : null;
  if (size === 0) return { nodes: [], cursors: [], hasNextPage: false, hasPreviousPage: false };
  const at = from && {
    publicIncidentUpdateDate: new Date(from[0] as number),
    createdAt: new Date(from[1] as number),
    id: from[2] as string,
    status: "",
  };
  // compareNewestFirst(u, at) > 0: u comes after the cursor's position in the list.
  const past = at
    ? newestFirst.filter((u) => (backward ? compareNewestFirst(u, at) < 0 : compareNewestFirst(u, at) > 0))
    : [...newestFirst];
  const nodes = backward ? past.slice(Math.max(0, past.length - size)) : past.slice(0, size);
  const more = past.length > size;
  return {
    nodes,
    cursors: nodes.map((u) => encodeCursor(positionOf(u))),
    hasNextPage: backward ? from !== null : more,
    hasPreviousPage: backward ? more : from !== null,
  };
}
