import type { Prisma } from "../../generated/sqlite/client.js";
import type { DbOrTx } from "../../db/client.js";
import type { RawRead } from "../../db/sqlite-reads.js";

/**
 * A read statement's rows through the context's raw reads when it has them (src/db/sqlite-reads.ts:
 * kept statements on a read-only SQLite connection, rows decoded as `$queryRaw` decodes them), else
 * through `$queryRaw`. The nested status-page tree reads 1,600 rows this way: Prisma's decoding of
 * them cost more CPU than the statements themselves (bench/graphql.ts).
 */
export function readRows<T>(ctx: { db: DbOrTx; read?: RawRead | undefined }, sql: Prisma.Sql): Promise<T[]> {
  return ctx.read ? ctx.read<T>(sql) : ctx.db.$queryRaw<T[]>(sql);
}
