import { Prisma } from "../../generated/sqlite/client.js";
import { keysetPagesByKey } from "../shared/children-pages.js";
import type { DomainContext } from "../shared/context.js";
import type { Page, PageArgs } from "../shared/pagination.js";
import { checkAlertCursor, decodeCheckAlertCursor } from "./cursor.js";
import type { CheckAlertRow } from "./rows.js";

const COLUMNS = [
  "id",
  "accountId",
  "checkId",
  "alertType",
  "silenced",
  "name",
  "checkType",
  "runLocation",
  "responseTime",
  "error",
  "statusCode",
  "checkResultId",
  "reminderSequence",
  "createdAt",
] as const satisfies readonly (keyof CheckAlertRow)[];
const SELECT = Prisma.raw(`SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "CheckAlert"`);

/** SQLite hands a raw boolean back as 0/1. */
const normalized = (row: CheckAlertRow): CheckAlertRow => ({ ...row, silenced: Boolean(row.silenced) });

/**
 * A keyset page of the alerts of each of these checks (of the caller's account; another
 * account's check has none), newest first, in the ids' order: one statement, each branch a
 * range scan of the (checkId, createdAt desc, id desc) index.
 */
export async function pageAlertsOfChecks({
  ctx,
  checkIds,
  args,
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
  args: PageArgs;
}): Promise<Page<CheckAlertRow>[]> {
  const pages = await keysetPagesByKey<CheckAlertRow>({
    db: ctx.db,
    keys: checkIds,
    args,
    decode: decodeCheckAlertCursor,
    positionOf: (row) => ({ at: row.createdAt, id: row.id }),
    cursorOf: checkAlertCursor,
    keyOf: (row) => row.checkId,
    branch: (checkId, from, direction, take) => {
      const conditions = [Prisma.sql`"checkId" = ${checkId}`, Prisma.sql`"accountId" = ${ctx.accountId}`];
      const after = direction === "after";
      if (from) {
        // The bound makes the cursor an index range; the OR only settles ties on createdAt.
        conditions.push(after ? Prisma.sql`"createdAt" <= ${from.at}` : Prisma.sql`"createdAt" >= ${from.at}`);
        conditions.push(
          after
            ? Prisma.sql`("createdAt" < ${from.at} OR "id" < ${from.id})`
            : Prisma.sql`("createdAt" > ${from.at} OR "id" > ${from.id})`,
        );
      }
      const order = Prisma.raw(after ? `"createdAt" DESC, "id" DESC` : `"createdAt" ASC, "id" ASC`);
      return Prisma.sql`${SELECT} WHERE ${Prisma.join(conditions, " AND ")} ORDER BY ${order} LIMIT ${take}`;
    },
  });
  return pages.map((page) => ({ ...page, nodes: page.nodes.map(normalized) }));
}
