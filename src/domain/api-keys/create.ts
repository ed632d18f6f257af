import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { parseInput } from "../shared/validation.js";
import { generateKey, keyData } from "./keys.js";
import { CreateApiKeyInput, CreateOwnApiKeyInput } from "./schemas.js";
import { toApiKeyView } from "./view.js";

/** Creates an API key; the key itself is returned once and only its hash is stored. */
export async function createApiKey({ db, input }: { db: DbOrTx; input: CreateApiKeyInput }) {
  const { accountId, key = generateKey("vg_"), name } = parseInput(CreateApiKeyInput, input);
  const account = await db.account.findUnique({ where: { id: accountId }, select: { id: true } });
  if (!account) throw new NotFoundError("account", accountId);
  const row = await db.apiKey.create({ data: { accountId, ...keyData(key), name } });
  return { id: row.id, accountId, apiKey: key, view: toApiKeyView(row) };
}

/** A new key of the caller's account (REST, GraphQL): the key in this answer only, then its masked form. */
export async function createOwnApiKey({ ctx, input }: { ctx: DomainContext; input: unknown }) {
  const { name } = parseInput(CreateOwnApiKeyInput, input ?? {});
  const { apiKey, view } = await createApiKey({ db: ctx.db, input: { accountId: ctx.accountId, name } });
  return { ...view, key: apiKey };
}
