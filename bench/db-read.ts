// CPU time of a simple read through our db layer (Prisma 7 + better-sqlite3 adapter), beside the
// same read on raw better-sqlite3. Goal (issue 2): at most 300 us of CPU per read.
//   npm run bench:db-read            (SQLite, a temporary file)
//   BENCH_DATABASE_URL=postgresql://... npm run bench:db-read
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import Database from "better-sqlite3";
import { openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { sqlitePath } from "../src/db/provider.js";
import { hashKey } from "../src/domain/api-keys/keys.js";
import { record } from "./support/report.js";

const url = process.env.BENCH_DATABASE_URL ?? `file:${join(mkdtempSync(join(tmpdir(), "vigil-bench-")), "bench.db")}`;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 20_000);
const RAW_TIMES = 30;
await migrate(url);
const { prisma, close, provider } = await openDatabase(url);

const accounts = await Promise.all(
  Array.from({ length: 100 }, (_, i) => prisma.account.create({ data: { name: `bench ${i}` } })),
);
await prisma.apiKey.createMany({
  data: accounts.map((a, i) => ({ accountId: a.id, keyHash: hashKey(`key-${i}`), prefix: "key-" })),
});

/**
 * CPU per op of `op`, median of ROUNDS windows of `count` ops, each after a full collection: the
 * garbage of the window before (Prisma's) is not charged to the next (raw better-sqlite3's, whose
 * window is a few milliseconds), and one collection or a busy moment does not move the median.
 */
type Op = (i: number) => Promise<unknown> | unknown;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

async function window(op: Op, count: number): Promise<{ cpuUs: number; wallNs: number }> {
  gc();
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await op(i);
  const wallNs = Number(process.hrtime.bigint() - start);
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / count, wallNs: wallNs / count };
}

/** The measures of `ops`, their rounds alternated (each op's first round after a warm-up). */
async function measure(ops: { name: string; op: Op; count: number }[]): Promise<number[]> {
  for (const { op } of ops) for (let i = 0; i < 2_000; i++) await op(i); // warm the plan cache and the JIT
  const rounds = ops.map(() => [] as { cpuUs: number; wallNs: number }[]);
  for (let r = 0; r < ROUNDS; r++)
    for (const [k, { op, count }] of ops.entries()) rounds[k]!.push(await window(op, count));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return ops.map(({ name }, k) => {
    const cpuUs = median(rounds[k]!.map((w) => w.cpuUs));
    const opsPerS = 1e9 / median(rounds[k]!.map((w) => w.wallNs));
    console.log(
      `${name.padEnd(44)} ${cpuUs.toFixed(1).padStart(7)} us CPU/op  ${Math.round(opsPerS).toString().padStart(7)} ops/s`,
    );
    return cpuUs;
  });
}

console.log(
  `db-read on ${provider}, ${iterations} iterations each (raw: ${RAW_TIMES}x), median of ${ROUNDS} rounds (Node ${process.version})`,
);
const raw = provider === "sqlite" ? new Database(sqlitePath(url), { readonly: true }) : null;
const statement = raw?.prepare(`SELECT id, name, createdAt, updatedAt FROM "Account" WHERE id = ?`);
const [byId, byHash, rawById] = await measure([
  {
    name: "prisma account.findUnique (by id)",
    op: (i) => prisma.account.findUnique({ where: { id: accounts[i % 100]!.id } }),
    count: iterations,
  },
  {
    name: "prisma apiKey.findUnique (by hash, auth path)",
    op: (i) =>
      prisma.apiKey.findUnique({
        where: { keyHash: hashKey(`key-${i % 100}`) },
        select: { id: true, accountId: true },
      }),
    count: iterations,
  },
  // RAW_TIMES the reads: each costs a few microseconds, so its window is then about as long as the others'.
  ...(statement
    ? [
        {
          name: "raw better-sqlite3 prepared (by id)",
          op: (i: number) => statement.get(accounts[i % 100]!.id),
          count: iterations * RAW_TIMES,
        },
      ]
    : []),
]);
raw?.close();
const cpu = { bench: "db-read", unit: "us CPU/op", better: "lower" } as const;
record({
  ...cpu,
  name: `read by id (${provider}), vs raw better-sqlite3`,
  value: byId!,
  baseline: rawById,
  goal: { op: "<=", value: 300 },
});
record({ ...cpu, name: `read by key hash, auth path (${provider})`, value: byHash! });
console.log(`goal: <= 300 us CPU per simple read -> ${byId! <= 300 ? "met" : "NOT met"} (${byId!.toFixed(1)} us)`);
await close();
