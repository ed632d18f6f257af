import type { Db, DbOrTx } from "../../db/client.js";
import { prismaErrorCode } from "../shared/prisma-errors.js";
import { ruleOccurrences, type WindowTimes } from "./active.js";

/** Occurrence rows (Maintenance) are made this far ahead (docs/decisions.md, "Maintenances"). */
export const HORIZON_MS = 90 * 86_400_000;

type Window = WindowTimes & { id: number; accountId: string };

/** Rows for the rule's occurrences from `from` to `until` whose slot has none yet. */
async function makeRows(tx: DbOrTx, window: Window, from: Date, until: Date, taken: ReadonlySet<number>) {
  const data = ruleOccurrences(window, from, until)
    .filter((o) => !taken.has(o.start.getTime()))
    .map((o) => ({
      accountId: window.accountId,
      windowId: window.id,
      slotStartsAt: o.start,
      startsAt: o.start,
      endsAt: o.end,
    }));
  if (data.length) await tx.maintenance.createMany({ data });
}

/** How far a write made at `now` makes rows: the window's `occurrencesUntil`, set by the caller's own write. */
export const horizonFrom = (now: Date) => new Date(now.getTime() + HORIZON_MS);

/** A new window's occurrences: those not over at `now`, up to 90 days ahead. */
export function makeOccurrences(tx: DbOrTx, window: Window, now: Date) {
  return makeRows(tx, window, now, horizonFrom(now), new Set());
}

/**
 * An edited window's occurrences: moved, skipped and past ones (over at `now`) stay; the others
 * stay when the new rule has them at the same times (their ids and updates with them), and go
 * when it does not; the rule's other occurrences up to 90 days ahead are made. A slot of a moved
 * or skipped occurrence is not made again (the engine reads the same, active.ts).
 */
export async function remakeOccurrences(tx: DbOrTx, window: Window, now: Date) {
  const until = horizonFrom(now);
  const rows = await tx.maintenance.findMany({
    where: { windowId: window.id },
    select: { id: true, slotStartsAt: true, startsAt: true, endsAt: true, moved: true, cancelled: true },
  });
  const wanted = new Map(ruleOccurrences(window, now, until).map((o) => [o.start.getTime(), o.end.getTime()]));
  const stale = rows.filter(
    (row) =>
      !row.moved &&
      !row.cancelled &&
      row.endsAt.getTime() > now.getTime() &&
      !(
        row.startsAt.getTime() === row.slotStartsAt.getTime() &&
        wanted.get(row.startsAt.getTime()) === row.endsAt.getTime()
      ),
  );
  if (stale.length) await tx.maintenance.deleteMany({ where: { id: { in: stale.map((row) => row.id) } } });
  const gone = new Set(stale.map((row) => row.id));
  const taken = new Set(rows.filter((row) => !gone.has(row.id)).map((row) => row.slotStartsAt.getTime()));
  await makeRows(tx, window, now, until, taken);
}

/**
 * The periodic top-up: rows up to 90 days ahead for every window not yet made that far (a day's
 * slack, so each window is topped up about daily), one transaction per window. Safe on several
 * instances: a slot is unique per window, and the instance that loses the race rolls back.
 */
export async function topUpOccurrences({ db, now }: { db: Db; now: Date }) {
  const until = horizonFrom(now);
  const due = await db.maintenanceWindow.findMany({
    where: { OR: [{ occurrencesUntil: null }, { occurrencesUntil: { lt: new Date(until.getTime() - 86_400_000) } }] },
    take: 500,
  });
  let made = 0;
  for (const window of due) {
    const from = window.occurrencesUntil && window.occurrencesUntil > now ? window.occurrencesUntil : now;
    try {
      await db.$transaction(async (tx) => {
        const rows = await tx.maintenance.findMany({
          where: { windowId: window.id, slotStartsAt: { gte: new Date(from.getTime() - HORIZON_MS) } },
          select: { slotStartsAt: true },
        });
        await makeRows(tx, window, from, until, new Set(rows.map((row) => row.slotStartsAt.getTime())));
        // Not an edit: updatedAt keeps its value.
        await tx.maintenanceWindow.update({
          where: { id: window.id },
          data: { occurrencesUntil: until, updatedAt: window.updatedAt },
        });
      });
      made++;
    } catch (error) {
      // Another instance topped it up first (a unique slot), or the window was deleted meanwhile.
      if (!["P2002", "P2003", "P2025"].includes(prismaErrorCode(error) ?? "")) throw error;
    }
  }
  return made;
}
