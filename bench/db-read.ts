// CPU time of a simple read through our db layer (Prisma 7 + better-sqlite3 adapter), beside the
// same read on raw better-sqlite3. Goal (issue 2): at most 300 us of CPU per read.
//   npm run bench:db-read            (SQLite, a temporary file)
//   BENCH_DATABASE_URL=postgresql://... npm run bench:db-read
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { sqlitePath } from "../src/db/provider.js";
import { hashKey } from "../src/domain/accounts/keys.js";
import { record } from "./support/report.js";

const url = process.env.BENCH_DATABASE_URL ?? `file:${join(mkdtempSync(join(tmpdir(), "vigil-bench-")), "bench.db")}`;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 20_000);
await migrate(url);
const { prisma, close, provider } = await openDatabase(url);

const accounts = await Promise.all(
  Array.from({ length: 100 }, (_, i) => prisma.account.create({ data: { name: `bench ${i}` } })),
);
await prisma.apiKey.createMany({
  data: accounts.map((a, i) => ({ accountId: a.id, keyHash: hashKey(`key-${i}`), prefix: "key-" })),
});

async function measure(name: string, op: (i: number) => Promise<unknown> | unknown) {
  for (let i = 0; i < 2_000; i++) await op(i); // warm the plan cache and the JIT
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await op(i);
  const wallNs = Number(process.hrtime.bigint() - start);
  const used = process.cpuUsage(cpu);
  const cpuUs = (used.user + used.system) / iterations;
  console.log(
    `${name.padEnd(44)} ${cpuUs.toFixed(1).padStart(7)} us CPU/op  ${Math.round(iterations / (wallNs / 1e9))
      .toString()
      .padStart(7)} ops/s`,
  );
  return cpuUs;
}

console.log(`db-read on ${provider}, ${iterations} iterations each (Node ${process.version})`);
const byId = await measure("prisma account.findUnique (by id)", (i) =>
  prisma.account.findUnique({ where: { id: accounts[i % 100]!.id } }),
);
const byHash = await measure("prisma apiKey.findUnique (by hash, auth path)", (i) =>
  prisma.apiKey.findUnique({ where: { keyHash: hashKey(`key-${i % 100}`) }, select: { id: true, accountId: true } }),
);
let rawById: number | undefined;
if (provider === "sqlite") {
  const raw = new Database(sqlitePath(url), { readonly: true });
  const statement = raw.prepare(`SELECT id, name, createdAt, updatedAt FROM "Account" WHERE id = ?`);
  rawById = await measure("raw better-sqlite3 prepared (by id)", (i) => statement.get(accounts[i % 100]!.id));
  raw.close();
}
const cpu = { bench: "db-read", unit: "us CPU/op", better: "lower" } as const;
record({
  ...cpu,
  name: `read by id (${provider}), vs raw better-sqlite3`,
  value: byId,
  baseline: rawById,
  goal: { op: "<=", value: 300 },
});
record({ ...cpu, name: `read by key hash, auth path (${provider})`, value: byHash });
console.log(`goal: <= 300 us CPU per simple read -> ${byId <= 300 ? "met" : "NOT met"} (${byId.toFixed(1)} us)`);
await close();
