import type { DbOrTx } from "../../db/client.js";
import { ValidationError } from "../shared/errors.js";
import { resolveAccountReferences } from "../shared/references.js";

/** The group's private locations (as slug names) and alert channels must be the caller's; every miss is reported together. */
export async function resolveReferences(
  db: DbOrTx,
  accountId: string,
  body: { privateLocations?: string[] | null; alertChannelSubscriptions?: { alertChannelId: number }[] },
): Promise<string[] | null | undefined> {
  const { privateLocations, issues } = await resolveAccountReferences(db, accountId, body);
  if (issues.length)
    throw new ValidationError(
      issues.map((i) => `${i.key}: ${i.message}`).join("; "),
      issues.map((i) => i.key),
    );
  return privateLocations;
}
