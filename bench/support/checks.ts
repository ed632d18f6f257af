// The API checks the reporting benchmarks seed: one location, every minute, tagged "odd" or "even".
import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/client.js";
import type { Prisma } from "../../src/generated/sqlite/client.js";

/** Inserts `count` API checks of `accountId` in one statement; returns their ids in order. */
export async function insertApiChecks({
  db,
  accountId,
  count,
  request,
}: {
  db: Db;
  accountId: string;
  count: number;
  request: Prisma.InputJsonObject;
}): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.check.createMany({
    data: ids.map((id, i) => ({
      id,
      accountId,
      checkType: "API",
      name: `check ${i}`,
      frequency: 1,
      locations: ["eu-west-1"],
      tags: [i % 2 ? "odd" : "even"],
      request,
    })),
  });
  return ids;
}
