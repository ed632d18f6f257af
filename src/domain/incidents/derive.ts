import type { IncidentStatus } from "./schemas.js";

/**
 * What an incident shows but does not store, as pure functions over loaded rows, so that REST,
 * GraphQL (with its batching) and events derive it the same way.
 */
export type UpdateLike = { id: string; status: string; publicIncidentUpdateDate: Date; createdAt: Date };

/** Newest first: publicIncidentUpdateDate, then created_at (docs/decisions.md), then id for a total order. */
export function compareNewestFirst(a: UpdateLike, b: UpdateLike): number {
  return (
    b.publicIncidentUpdateDate.getTime() - a.publicIncidentUpdateDate.getTime() ||
    b.createdAt.getTime() - a.createdAt.getTime() ||
    (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

/**
 * Sorts an incident's own updates newest first, in place, by insertion: an incident has a few
 * updates, and Array.prototype.sort allocates its working state on each call (about 190 KB for
 * the 200 incidents of a nested status-page answer, bench/graphql.ts).
 */
export function sortInPlaceNewestFirst<U extends UpdateLike>(updates: U[]): U[] {
  for (let i = 1; i < updates.length; i++) {
    const update = updates[i]!;
    let j = i - 1;
    for (; j >= 0 && compareNewestFirst(updates[j]!, update) > 0; j--) updates[j + 1] = updates[j]!;
    updates[j + 1] = update;
  }
  return updates;
}

export function sortNewestFirst<U extends UpdateLike>(updates: readonly U[]): U[] {
  return [...updates].sort(compareNewestFirst);
}

/** The status of the latest update; INVESTIGATING before there is any. */
export function lastUpdateStatus(newestFirst: readonly UpdateLike[]): IncidentStatus {
  return (newestFirst[0]?.status ?? "INVESTIGATING") as IncidentStatus;
}

/**
 * Seconds from the first update to the latest RESOLVED one, measured on publicIncidentUpdateDate;
 * null while unresolved (the latest update is not RESOLVED, e.g. after re-opening).
 */
export function incidentDuration(newestFirst: readonly UpdateLike[]): number | null {
  const latest = newestFirst[0];
  const first = newestFirst.at(-1);
  if (!latest || !first || latest.status !== "RESOLVED") return null;
  return Math.round((latest.publicIncidentUpdateDate.getTime() - first.publicIncidentUpdateDate.getTime()) / 1000);
}

export function deriveIncident<U extends UpdateLike>(updates: readonly U[]) {
  const sorted = sortNewestFirst(updates);
  return { updates: sorted, lastUpdateStatus: lastUpdateStatus(sorted), duration: incidentDuration(sorted) };
}

/**
 * The statuses of the updates sent with a new incident. Taken in time order (date, then body
 * order), an update without a status takes the status of the one before it, INVESTIGATING for
 * the first.
 */
export function initialStatuses(
  updates: readonly { status?: IncidentStatus; publicIncidentUpdateDate: Date }[],
): IncidentStatus[] {
  const order = updates
    .map((_, i) => i)
    .sort(
      (a, b) =>
        updates[a]!.publicIncidentUpdateDate.getTime() - updates[b]!.publicIncidentUpdateDate.getTime() || a - b,
    );
  const statuses: IncidentStatus[] = new Array(updates.length);
  let current: IncidentStatus = "INVESTIGATING";
  for (const i of order) current = statuses[i] = updates[i]!.status ?? current;
  return statuses;
}
