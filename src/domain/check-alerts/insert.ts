import type { DbOrTx } from "../../db/client.js";
import type { AlertType } from "../alert-rules/decide.js";
import type { AlertResult, CheckAlertRow } from "./rows.js";

/** What an alert's row is made of. */
type AlertRowInput = {
  accountId: string;
  check: { id: string; name: string; checkType: string };
  alert: { type: AlertType; silenced: boolean };
  result: AlertResult | null;
  reminder: number;
  now: Date;
};

/** Records one decided alert (silenced ones too) in the caller's transaction. */
export async function insertCheckAlert({ tx, ...input }: { tx: DbOrTx } & AlertRowInput): Promise<CheckAlertRow> {
  return tx.checkAlert.create({ data: checkAlertData(input) });
}

/** The columns of a decided alert's row but its id (batch writers insert many at once). */
export function checkAlertData({ accountId, check, alert, result, reminder, now }: AlertRowInput) {
  return {
    accountId,
    checkId: check.id,
    alertType: alert.type,
    silenced: alert.silenced,
    name: check.name,
    checkType: check.checkType,
    runLocation: result?.runLocation ?? null,
    responseTime: result?.responseTime ?? null,
    error: result?.errorMessage ?? null,
    statusCode: result?.statusCode == null ? null : String(result.statusCode),
    checkResultId: result?.id ?? null,
    reminderSequence: reminder > 0 ? reminder : null,
    createdAt: now,
  };
}
