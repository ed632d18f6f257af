import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../../db/client.js";
import { createAccount } from "../accounts/create.js";
import { createApiKey } from "../api-keys/create.js";
import { hashKey } from "../api-keys/keys.js";
import type { SystemContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";
import { openSessionForKey } from "./open.js";

/** How long a setup link works. */
export const SETUP_TOKEN_MS = 24 * 60 * 60 * 1000;

const REFUSED =
  "this setup link is unknown, used or expired: restart vigil serve for a new one (it is logged at start)";

/** Whether the database holds no account yet (the first run's setup is still to be done). */
export async function setupRequired({ ctx }: { ctx: { db: Pick<DbOrTx, "account"> } }): Promise<boolean> {
  return (await ctx.db.account.findFirst({ select: { id: true } })) === null;
}

/**
 * At start, while no account exists: a new setup token (random, single use, 24 h, only its hash
 * stored), replacing every earlier one. Null when an account exists (no setup to do).
 */
export async function issueSetupToken({ ctx }: { ctx: SystemContext }): Promise<string | null> {
  if (!(await setupRequired({ ctx }))) return null;
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  await ctx.db.$transaction([
    ctx.db.setupToken.deleteMany({}),
    ctx.db.setupToken.create({
      data: { tokenHash: hashKey(token), createdAt: now, expiresAt: new Date(now.getTime() + SETUP_TOKEN_MS) },
    }),
  ]);
  return token;
}

/**
 * The setup page's verb: spends the token (once), creates the first account and its API key
 * (the key returned here only), and opens a session with it. A token unknown, used or expired,
 * or a database that already holds an account, is a ValidationError that changes nothing.
 */
export async function completeSetup({
  ctx,
  input,
}: {
  ctx: SystemContext;
  input: { token: string; accountName?: string | null | undefined };
}) {
  const now = ctx.now();
  const name = input.accountName?.trim() || "Default account";
  if (name.length > 200) throw new ValidationError("accountName: at most 200 characters", ["accountName"]);
  if (input.token.length > 200) throw new ValidationError(REFUSED, ["token"]);
  return ctx.db.$transaction(async (tx) => {
    // Spending the token first: of two requests with one token, only one gets past this line.
    const { count } = await tx.setupToken.updateMany({
      where: { tokenHash: hashKey(input.token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (count === 0) throw new ValidationError(REFUSED, ["token"]);
    if (!(await setupRequired({ ctx: { db: tx } }))) throw new ValidationError(REFUSED, ["token"]);
    const account = await createAccount({ db: tx, input: { name } });
    const key = await createApiKey({ db: tx, input: { accountId: account.id, name: "setup" } });
    const opened = await openSessionForKey(tx, { accountId: account.id, apiKeyId: key.id, now });
    return { apiKey: key.apiKey, ...opened };
  });
}
