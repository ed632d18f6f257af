import type { Db } from "../../db/client.js";
import { NotFoundError } from "../shared/errors.js";

/** An account by id (the CLI names accounts directly); throws NotFoundError. */
export async function getAccount({ db, accountId }: { db: Db; accountId: string }) {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { id: true, name: true } });
  if (!account) throw new NotFoundError("account", accountId);
  return account;
}
