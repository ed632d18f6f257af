import type { DbOrTx } from "../../db/client.js";
import { ConflictError } from "../errors.js";
import { isUniqueViolation } from "../shared/prisma-errors.js";

/**
 * A unique-constraint error of a status page write as a ConflictError naming the field: `url` is
 * unique across all accounts, and so is `customDomain`. Other errors pass through unchanged.
 */
export async function asConflict(
  db: DbOrTx,
  error: unknown,
  page: { url?: string; customDomain?: string | null },
  selfId?: string,
): Promise<unknown> {
  if (!isUniqueViolation(error)) return error;
  const others = { NOT: { id: selfId ?? "" } };
  if (page.url !== undefined && (await db.statusPage.count({ where: { url: page.url, ...others } }))) {
    return new ConflictError(`url ${JSON.stringify(page.url)} is already taken`);
  }
  if (page.customDomain && (await db.statusPage.count({ where: { customDomain: page.customDomain, ...others } }))) {
    return new ConflictError(`customDomain ${JSON.stringify(page.customDomain)} is already in use`);
  }
  return new ConflictError("url or customDomain is already in use");
}
