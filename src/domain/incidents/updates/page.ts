import {
  decodeCursor,
  encodeCursor,
  pageSize,
  withLazyCursors,
  type Page,
  type PageArgs,
} from "../../shared/pagination.js";
import { compareNewestFirst } from "../derive.js";
import type { IncidentView } from "../view.js";

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
  // Without a cursor the loaded list itself: the slice below copies it (1,000 updates a nested answer).
  const past = at
    ? newestFirst.filter((u) => (backward ? compareNewestFirst(u, at) < 0 : compareNewestFirst(u, at) > 0))
    : newestFirst;
  const nodes = backward ? past.slice(Math.max(0, past.length - size)) : past.slice(0, size);
  const more = past.length > size;
  return withLazyCursors(
    { nodes, hasNextPage: backward ? from !== null : more, hasPreviousPage: backward ? more : from !== null },
    (u) => encodeCursor(positionOf(u)),
  );
}
