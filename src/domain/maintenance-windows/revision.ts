import type { DbOrTx } from "../../db/client.js";

/**
 * Every write of an account's maintenance windows bumps the account's `windowsRevision` in the
 * same transaction: the engine's cache of windows compares it with the one its claim read, so a
 * new, changed or deleted window reaches the next run on every instance (docs/decisions.md,
 * "Edits take effect at once").
 */
export async function bumpWindowsRevision(tx: DbOrTx, accountId: string): Promise<void> {
  await tx.account.update({ where: { id: accountId }, data: { windowsRevision: { increment: 1 } } });
}
