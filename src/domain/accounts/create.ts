import type { Db, DbOrTx } from "../../db/client.js";
import { parseInput } from "../shared/validation.js";
import { hashKey, keyData } from "../api-keys/keys.js";
import { CreateAccountInput } from "./schemas.js";

export async function createAccount({ db, input }: { db: DbOrTx; input: CreateAccountInput }) {
  const data = parseInput(CreateAccountInput, input);
  return db.account.create({ data, select: { id: true, name: true, createdAt: true } });
}

/**
 * Start-up bootstrap: makes sure the account and the key named by VIGIL_ACCOUNT_ID and
 * VIGIL_API_KEY exist. Idempotent, and safe when several instances start at once.
 */
export async function ensureBootstrap({ db, accountId, apiKey }: { db: Db; accountId: string; apiKey: string }) {
  const keyHash = hashKey(apiKey);
  await db.account.upsert({ where: { id: accountId }, create: { id: accountId, name: "Default account" }, update: {} });
  const existing = await db.apiKey.findUnique({ where: { keyHash }, select: { accountId: true } });
  if (existing && existing.accountId !== accountId) {
    throw new Error("VIGIL_API_KEY is already the key of another account; choose another key");
  }
  await db.apiKey.upsert({
    where: { keyHash },
    create: { accountId, ...keyData(apiKey), name: "bootstrap (VIGIL_API_KEY)" },
    update: {},
  });
}
