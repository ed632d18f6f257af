// Alert delivery throughput and latency of one instance, on a temporary SQLite file: N outbox
// rows (WEBHOOK channels, 10 per channel and minute: below the digest threshold) to a loopback
// receiver; prints notifications/s and the outbox-row-to-receiver latency p50/p99.
//   tsx bench/delivery.ts
//   BENCH_NOTIFICATIONS=5000 DELIVERY_CONCURRENCY=50 tsx bench/delivery.ts
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.js";
import { alertVariables } from "../src/domain/alert-templates/variables.js";
import { buildApp } from "../src/server.js";
import { sampleInput } from "../test/support/alert-sample.js";
import { record } from "./support/report.js";

const total = Number(process.env.BENCH_NOTIFICATIONS ?? 2_000);
const concurrency = process.env.DELIVERY_CONCURRENCY ?? "50";
const dir = mkdtempSync(join(tmpdir(), "vigil-bench-delivery-"));

const arrivals = new Map<string, number>();
let lastArrival = 0;
const receiver = createServer((req, res) => {
  const id = String(req.headers["x-id"] ?? "");
  req.resume();
  req.on("end", () => {
    lastArrival = performance.now();
    arrivals.set(id, Date.now());
    res.end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const app = await buildApp(
  loadConfig({
    PORT: "0",
    LOG_LEVEL: "silent",
    DATABASE_URL: `file:${join(dir, "vigil.db")}`,
    DELIVERY_CONCURRENCY: concurrency,
  }),
);
await app.start();
const db = app.context.database.prisma;
const account = await db.account.create({ data: { name: "bench" } });
const channels = await Promise.all(
  Array.from({ length: Math.ceil(total / 10) }, () =>
    db.alertChannel.create({
      data: { accountId: account.id, type: "WEBHOOK", config: { name: "bench", webhookType: "WEBHOOK", url } },
    }),
  ),
);
const variables = alertVariables(sampleInput);
const createdAt = new Map<string, number>();
const started = performance.now();
// The write path stores rows in batches (one per result transaction); here 100 rows per statement.
for (let offset = 0; offset < total; offset += 100) {
  const rows = Array.from({ length: Math.min(100, total - offset) }, (_, index) => {
    const id = randomUUID();
    const channel = channels[Math.floor((offset + index) / 10)]!;
    const config = { ...(channel.config as object), headers: [{ key: "x-id", value: id, locked: false }] };
    const now = new Date();
    createdAt.set(id, now.getTime());
    return {
      id,
      accountId: account.id,
      alertChannelId: channel.id,
      type: "WEBHOOK",
      request: { channel: { type: "WEBHOOK", config }, message: { alertType: "ALERT_FAILURE", variables } },
      nextAttemptAt: now,
      createdAt: now,
    };
  });
  await db.alertNotification.createMany({ data: rows });
  app.context.events.publish({ type: "notificationsQueued", accountId: account.id });
}
while (arrivals.size < total && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 20));
const seconds = (lastArrival - started) / 1000;
const latencies = [...arrivals].map(([id, at]) => at - createdAt.get(id)!).sort((a, b) => a - b);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
const recorded = await db.alertNotification.count({ where: { status: "SUCCESS" } });
console.log(
  JSON.stringify({
    notifications: total,
    delivered: arrivals.size,
    recordedSuccess: recorded,
    concurrency: Number(concurrency),
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(arrivals.size / seconds),
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
  }),
);
record({
  bench: "delivery",
  name: `webhook notifications delivered (${total})`,
  value: arrivals.size / seconds,
  unit: "/s",
  better: "higher",
});
record({
  bench: "delivery",
  name: "outbox row to receiver p99",
  value: at(0.99) ?? Number.NaN,
  unit: "ms",
  better: "lower",
});
await app.stop();
receiver.close();
rmSync(dir, { recursive: true, force: true });
