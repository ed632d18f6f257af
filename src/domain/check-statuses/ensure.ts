import type { DbOrTx } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { CheckStatusRow } from "./rows.js";

/**
 * The check's status row, created (PASSING, version 0) when missing. The insert is `ON CONFLICT DO
 * NOTHING` on both providers: a concurrent creator's row wins without a unique violation, which on
 * PostgreSQL would abort the caller's whole transaction (the results of a group commit with it).
 */
export async function readCheckStatus(tx: DbOrTx, accountId: string, checkId: string, now: Date) {
  const row = await tx.checkStatus.findUnique({ where: { checkId } });
  if (row) return row as CheckStatusRow;
  await tx.$executeRaw(
    Prisma.sql`INSERT INTO "CheckStatus" ("checkId", "accountId", "createdAt", "updatedAt") VALUES (${checkId}, ${accountId}, ${now}, ${now}) ON CONFLICT ("checkId") DO NOTHING`,
  );
  return (await tx.checkStatus.findUnique({ where: { checkId } })) as CheckStatusRow | null;
}
