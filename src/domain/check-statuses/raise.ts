import type { DbOrTx } from "../../db/client.js";
import type { AlertType } from "../alert-rules/decide.js";
import { enqueueNotifications } from "../alert-notifications/enqueue.js";
import { insertCheckAlert } from "../check-alerts/insert.js";
import type { AlertResult } from "../check-alerts/rows.js";
import type { AlertContext } from "./alert-context.js";
import type { StatusEffects } from "./effects.js";

/** A decided alert: its CheckAlert row, and unless silenced, its notifications in the outbox. */
export async function raiseAlert({
  tx,
  accountId,
  ctx,
  alert,
  result,
  reminder,
  now,
  publicUrl,
  effects,
}: {
  tx: DbOrTx;
  accountId: string;
  ctx: AlertContext;
  alert: { type: AlertType; silenced: boolean };
  result: AlertResult | null;
  reminder: number;
  now: Date;
  publicUrl: string;
  effects: StatusEffects;
}): Promise<void> {
  const row = await insertCheckAlert({ tx, accountId, check: ctx.check, alert, result, reminder, now });
  if (alert.silenced) return;
  const queued = await enqueueNotifications({
    tx,
    accountId,
    checkAlertId: row.id,
    alertType: alert.type,
    groupId: ctx.group?.id ?? null,
    variables: { alertType: alert.type, check: ctx.check, group: ctx.group, result, baseUrl: publicUrl, reminder },
    now,
  });
  if (queued > 0) effects.notified.add(accountId);
}
