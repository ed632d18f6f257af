// Issue 12, finding 6: 300 checks with large request bodies made `GET /v1/checks?search=zzz` load
// every check of the account. This measures the checks list with filters (now in SQL) on 300
// checks whose request bodies sit at the bound (256 KiB, docs/limits.md), beside the previous
// approach (reading every check's filter columns, request included, to match in memory).
//   npm run bench:checks-list            (SQLite, a temporary file)
//   BENCH_DATABASE_URL=postgresql://... npm run bench:checks-list
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { createCheck, listChecks } from "../src/domain/checks/index.js";
import type { DomainContext } from "../src/domain/shared/context.js";
import { LIMITS } from "../src/domain/shared/limits.js";
import { createInProcessBus } from "../src/events/bus.js";
import { record } from "./support/report.js";

const url = process.env.BENCH_DATABASE_URL ?? `file:${join(mkdtempSync(join(tmpdir(), "vigil-bench-")), "bench.db")}`;
const CHECKS = Number(process.env.BENCH_CHECKS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
await migrate(url);
const { prisma, close, provider } = await openDatabase(url);
const account = await prisma.account.create({ data: { name: "bench checks-list" } });
const ctx: DomainContext = { db: prisma, accountId: account.id, events: createInProcessBus(), now: () => new Date() };

// Over the bound is a 400 now: the 900 KB body cannot be stored any more.
const refused = await createCheck({
  ctx,
  type: "API",
  input: { name: "too big", request: { method: "POST", url: "https://x.example", body: "z".repeat(900 * 1024) } },
}).then(
  () => "accepted",
  (error: Error) => error.constructor.name,
);
const body = "b".repeat(LIMITS.requestBody);
for (let i = 0; i < CHECKS; i++)
  await createCheck({
    ctx,
    type: "API",
    input: {
      name: `check ${i}`,
      tags: [`t${i % 10}`],
      request: { method: "POST", url: `https://s${i}.example.com`, body },
    },
  });

async function measure(name: string, op: () => Promise<unknown>) {
  await op();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.hrtime.bigint();
    await op();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const max = times.at(-1)!;
  console.log(`${name.padEnd(58)} p50 ${p50.toFixed(1).padStart(8)} ms  max ${max.toFixed(1).padStart(8)} ms`);
  return p50;
}

console.log(
  `checks-list on ${provider}: ${CHECKS} API checks, request bodies of ${LIMITS.requestBody} characters, ${ROUNDS} rounds (Node ${process.version})`,
);
console.log(`a 900 KB request body: ${refused}`);
const search = await measure("listChecks search=zzz (SQL)", () => listChecks({ ctx, query: { search: "zzz" } }));
const tag = await measure("listChecks tag=t3 (SQL, a page of 10 of 30 matching)", () =>
  listChecks({ ctx, query: { tag: "t3" } }),
);
await measure("listChecks apiCheckUrlFilterPattern=s29 (SQL)", () =>
  listChecks({ ctx, query: { apiCheckUrlFilterPattern: "s29" } }),
);
const concurrent = await measure("8 concurrent listChecks search=zzz (SQL)", () =>
  Promise.all(Array.from({ length: 8 }, () => listChecks({ ctx, query: { search: "zzz" } }))),
);
const previous = await measure("previous approach: every check's filter columns read", () =>
  prisma.check.findMany({
    where: { accountId: account.id },
    select: { id: true, name: true, tags: true, request: true, checkType: true },
  }),
);
const list = { bench: "checks-list", unit: "ms p50", better: "lower" } as const;
// The ratio is the tag filter's: the search, a fraction of a millisecond, swings twofold with the load.
record({ ...list, name: `tag=t3 over ${CHECKS} checks (SQL), vs reading every check`, value: tag, baseline: previous });
record({ ...list, name: "search=zzz (SQL)", value: search });
record({ ...list, name: "8 concurrent search=zzz (SQL)", value: concurrent });
await close();
