import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { getMaintenanceWindow } from "../maintenance-windows/get.js";
import { linkedPageIds } from "../maintenance-windows/page-events.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { enqueueForPages } from "../status-page-subscriptions/enqueue.js";
import { announceQueued, subscriberOutbox } from "../status-page-subscriptions/outbox.js";
import { parseInput } from "../shared/validation.js";
import { announceMaintenance } from "./events.js";
import { findMaintenance } from "./get.js";
import { CreateMaintenanceUpdateInput, UpdateMaintenanceUpdateInput } from "./schemas.js";
import type { MaintenanceRow, MaintenanceUpdateRow } from "./view.js";

/** REST names the window and the occurrence; GraphQL names the occurrence (or the update) alone. */
type Target = { ctx: DomainContext; windowId?: unknown; maintenanceId?: unknown };
type Update = Omit<MaintenanceUpdateRow, "windowId">;

/**
 * Written with notifySubscribers: the verified subscribers of the window's linked pages hear of it
 * through the durable outbox incidents use, in the transaction that writes the update.
 */
async function write(
  { ctx, windowId, maintenanceId }: Target,
  notify: boolean,
  save: (tx: DbOrTx, occurrence: MaintenanceRow & { updates: Update[] }) => Promise<Update>,
): Promise<MaintenanceUpdateRow> {
  const occurrence = await findMaintenance(ctx, windowId, maintenanceId);
  const window = await getMaintenanceWindow({ ctx, id: occurrence.windowId });
  const outbox = notify ? await subscriberOutbox(ctx) : null;
  const now = ctx.now();
  const { update, queued } = await ctx.db.$transaction(async (tx) => {
    const update = await save(tx, occurrence);
    const queued = outbox
      ? await enqueueForPages(outbox(tx, now), {
          accountId: ctx.accountId,
          statusPageIds: linkedPageIds(window),
          content: {
            event: "MAINTENANCE_UPDATE",
            maintenance: {
              id: window.id,
              name: window.name,
              description: window.description,
              startsAt: occurrence.startsAt.toISOString(),
              endsAt: occurrence.endsAt.toISOString(),
              maintenanceId: occurrence.id,
              update: {
                id: update.id,
                status: update.status,
                description: update.description,
                date: update.updatedAt.toISOString(),
              },
            },
          },
        })
      : 0;
    return { update, queued };
  });
  announceQueued(ctx, ctx.accountId, queued);
  announceMaintenance(ctx, window, occurrence.id);
  return { ...update, windowId: window.id };
}

export function createMaintenanceUpdate({ input, ...target }: Target & { input: unknown }) {
  const data = withoutResponseFields(parseInput(CreateMaintenanceUpdateInput, input));
  return write(target, data.notifySubscribers, (tx, occurrence) =>
    tx.maintenanceUpdate.create({
      data: {
        ...data,
        accountId: target.ctx.accountId,
        maintenanceId: occurrence.id,
        previousStatus: occurrence.updates[0]?.status ?? null,
      },
    }),
  );
}

const updateOf = (occurrence: { updates: Update[] }, id: unknown) => {
  const found = isUuid(id) ? occurrence.updates.find((u) => u.id === id) : undefined;
  if (!found) throw new NotFoundError("maintenance update", String(id));
  return found;
};

/** The update's occurrence when only the update is named (GraphQL). */
async function ofUpdate(target: Target, id: unknown): Promise<Target> {
  if (target.maintenanceId !== undefined) return target;
  const row = isUuid(id)
    ? await target.ctx.db.maintenanceUpdate.findFirst({ where: { id, accountId: target.ctx.accountId } })
    : null;
  if (!row) throw new NotFoundError("maintenance update", String(id));
  return { ...target, maintenanceId: row.maintenanceId };
}

/** PUT: description replaced; omitted status and notifySubscribers keep theirs; notifySubscribers: true tells them again. */
export async function updateMaintenanceUpdate({ id, input, ...named }: Target & { id: unknown; input: unknown }) {
  const data = withoutResponseFields(parseInput(UpdateMaintenanceUpdateInput, input));
  const target = await ofUpdate(named, id);
  return write(target, data.notifySubscribers === true, (tx, occurrence) =>
    tx.maintenanceUpdate.update({ where: { id: updateOf(occurrence, id).id }, data }),
  );
}

export async function deleteMaintenanceUpdate({ id, ...named }: Target & { id: unknown }) {
  const { ctx, windowId, maintenanceId } = await ofUpdate(named, id);
  const occurrence = await findMaintenance(ctx, windowId, maintenanceId);
  const window = await getMaintenanceWindow({ ctx, id: occurrence.windowId });
  const update = updateOf(occurrence, id);
  const { count } = await ctx.db.maintenanceUpdate.deleteMany({ where: { id: update.id, accountId: ctx.accountId } });
  if (count === 0) throw new NotFoundError("maintenance update", String(id));
  announceMaintenance(ctx, window, occurrence.id);
}
