import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../shared/context.js";
import { ConflictError, ValidationError } from "../shared/errors.js";
import { withChange } from "../maintenance-windows/changes.js";
import { bumpWindowsRevision } from "../maintenance-windows/revision.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { announceMaintenance } from "./events.js";
import { findMaintenance, getMaintenance } from "./get.js";
import { MoveMaintenanceInput } from "./schemas.js";

/** `windowId` undefined: the occurrence of any of the account's windows (GraphQL). */
type Target = { ctx: DomainContext; windowId?: unknown; id: unknown };

/**
 * Records a move or a skip: on the row, and in the window's `occurrenceChanges` that the engine
 * reads (changes.ts), in one transaction that bumps the account's windows revision first (so the
 * next run reads them, and so that two writes of one account's windows take turns: the account
 * row is locked until commit on PostgreSQL, the database on SQLite).
 */
async function record(
  ctx: DomainContext,
  row: { id: string; windowId: number; slotStartsAt: Date },
  change: { start: Date; end: Date; cancelled: boolean },
) {
  const now = ctx.now();
  const window = await ctx.db.$transaction(async (tx: DbOrTx) => {
    await bumpWindowsRevision(tx, ctx.accountId);
    const current = await tx.maintenanceWindow.findUniqueOrThrow({ where: { id: row.windowId } });
    const duration = current.endsAt.getTime() - current.startsAt.getTime();
    const changes = withChange(
      current,
      {
        slot: row.slotStartsAt.getTime(),
        start: change.start.getTime(),
        end: change.end.getTime(),
        cancelled: change.cancelled,
      },
      duration,
      now,
    );
    await tx.maintenance.update({
      where: { id: row.id },
      data: change.cancelled ? { cancelled: true } : { startsAt: change.start, endsAt: change.end, moved: true },
    });
    // Not an edit of the window itself: its updated_at stays.
    return tx.maintenanceWindow.update({
      where: { id: row.windowId },
      data: { occurrenceChanges: changes, updatedAt: current.updatedAt },
    });
  });
  announceMaintenance(ctx, window, row.id);
}

/** An occurrence that is over or skipped is history: it cannot be moved or skipped. */
function checkOpen(row: { cancelled: boolean; endsAt: Date }, now: Date, verb: string) {
  if (row.cancelled) throw new ConflictError(`the maintenance is cancelled and cannot be ${verb}`);
  if (row.endsAt <= now) throw new ConflictError(`the maintenance is over and cannot be ${verb}`);
}

/**
 * PATCH: new dates for one occurrence. startsAt alone moves it keeping its length; endsAt alone
 * ends it earlier or later. It must end after it starts, in the future, and not start before the
 * window's own startsAt (readers find a window's occurrences among windows that have started).
 */
export async function moveMaintenance({ ctx, windowId, id, input }: Target & { input: unknown }) {
  const data = withoutResponseFields(parseInput(MoveMaintenanceInput, input ?? {}));
  const row = await findMaintenance(ctx, windowId, id);
  const now = ctx.now();
  if (data.startsAt || data.endsAt) {
    checkOpen(row, now, "moved");
    const start = data.startsAt ?? row.startsAt;
    const end = data.endsAt ?? new Date(start.getTime() + row.endsAt.getTime() - row.startsAt.getTime());
    const window = await ctx.db.maintenanceWindow.findUniqueOrThrow({ where: { id: row.windowId } });
    if (start < window.startsAt)
      throw new ValidationError("startsAt: must not be before the maintenance window's startsAt", ["startsAt"]);
    if (end <= start) throw new ValidationError("endsAt: must be after startsAt", ["endsAt"]);
    if (end <= now) throw new ValidationError("endsAt: must be in the future", ["endsAt"]);
    await record(ctx, row, { start, end, cancelled: false });
  }
  return getMaintenance({ ctx, windowId, id });
}

/** DELETE: skips the occurrence; it stays listed as CANCELLED. Skipping a skipped one changes nothing. */
export async function skipMaintenance({ ctx, windowId, id }: Target) {
  const row = await findMaintenance(ctx, windowId, id);
  if (row.cancelled) return;
  checkOpen(row, ctx.now(), "skipped");
  await record(ctx, row, { start: row.startsAt, end: row.endsAt, cancelled: true });
}
