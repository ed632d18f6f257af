import type { StatusPage } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { keysetPage, type Keyset, type PageArgs } from "../shared/pagination.js";
import { readRows } from "../shared/raw-reads.js";

/**
 * GraphQL reads of status pages: bare page rows, whose cards, keys and incidents are loaded per
 * batch of pages (children.ts), so that a list of pages costs the same few queries as one page.
 * Read as SQL through the raw reads (raw-reads.ts), every column of the model, as findMany gives
 * them (test/integration/status-pages/tree-reads.test.ts holds the two equal).
 */
const STATUS_PAGE_COLUMNS = Prisma.raw(
  [
    "id",
    "accountId",
    "name",
    "url",
    "description",
    "customDomain",
    "verifiedDomain",
    "domainToken",
    "domainCheckedAt",
    "logo",
    "logoDark",
    "redirectTo",
    "favicon",
    "defaultTheme",
    "isPrivate",
    "themeColors",
    "version",
    "webhookSecret",
    "createdAt",
    "updatedAt",
  ]
    .map((column) => `p."${column}"`)
    .join(", "),
);

/** The keyset condition and order of a newest-first list on (createdAt, id), for the alias `p`. */
function keysetSql({ from, order }: Keyset) {
  const past = order === "desc" ? Prisma.raw("<") : Prisma.raw(">");
  const where = from
    ? Prisma.sql`AND (p."createdAt" ${past} ${from[0]} OR (p."createdAt" = ${from[0]} AND p."id" ${past} ${from[1]}))`
    : Prisma.empty;
  const direction = Prisma.raw(order === "desc" ? "DESC" : "ASC");
  return { where, orderBy: Prisma.sql`ORDER BY p."createdAt" ${direction}, p."id" ${direction}` };
}

/** A keyset page of the account's status pages, newest first; cursors are the REST nextId format. */
export function pageStatusPages({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  return keysetPage(args, "createdAt", (_where, _orderBy, take, keyset) => {
    const { where, orderBy } = keysetSql(keyset);
    return readRows<StatusPage>(
      ctx,
      Prisma.sql`SELECT ${STATUS_PAGE_COLUMNS} FROM "StatusPage" p WHERE p."accountId" = ${ctx.accountId} ${where} ${orderBy} LIMIT ${take}`,
    );
  });
}
