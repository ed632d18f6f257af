import type { DbOrTx } from "../../db/client.js";
import { ConflictError } from "../shared/errors.js";
import { isUniqueViolation } from "../shared/prisma-errors.js";

/**
 * A unique-constraint error of a status page write as a ConflictError naming the field: `url` is
 * unique across all accounts (a customDomain is not: only a verified one, see custom-domain.ts).
 * Other errors pass through unchanged.
 */
export async function asConflict(
  db: DbOrTx,
  error: unknown,
  page: { url?: string },
  selfId?: string,
): Promise<unknown> {
  if (!isUniqueViolation(error)) return error;
  const others = { NOT: { id: selfId ?? "" } };
  if (page.url !== undefined && (await db.statusPage.count({ where: { url: page.url, ...others } }))) {
    return new ConflictError(`url ${JSON.stringify(page.url)} is already taken`);
  }
  return new ConflictError("url is already taken");
}
