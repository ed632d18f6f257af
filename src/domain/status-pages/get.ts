import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import { isUuid } from "../ids.js";
import { statusPageInclude, withIncidents } from "./load.js";

/** The page row of the account; another account's id, or a non-uuid, is NotFound. */
export async function findStatusPage(db: DbOrTx, accountId: string, id: unknown) {
  const page = isUuid(id)
    ? await db.statusPage.findFirst({ where: { id, accountId }, include: statusPageInclude })
    : null;
  if (!page) throw new NotFoundError("status page", String(id));
  return page;
}

export async function getStatusPage({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const [view] = await withIncidents(ctx.db, ctx.accountId, [await findStatusPage(ctx.db, ctx.accountId, id)]);
  return view!;
}
