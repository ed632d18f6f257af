import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";

/** The caller's check (id, name, type); another account's id, or a malformed one, is NotFound. */
export async function ownedCheck({ ctx, id, db = ctx.db }: { ctx: DomainContext; id: unknown; db?: DbOrTx }) {
  const check = isUuid(id)
    ? await db.check.findFirst({
        where: { id, accountId: ctx.accountId },
        select: { id: true, name: true, checkType: true },
      })
    : null;
  if (!check) throw new NotFoundError("check", String(id));
  return check;
}
