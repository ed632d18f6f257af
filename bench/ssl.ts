// One SSL monitor run against a local TLS server (issue 29): the SSL runner as the engine calls
// it (resolve, handshake at security level 0, chain walk, name, baseline, assertions), with the
// test CA trusted through EXTRA_CA_CERTS, after BENCH_WARMUP runs that build the cached contexts.
// Prints the median and p95 wall time per warm run, CPU per run (this process: client and local
// server together), and the goal: median under 50 ms.
//   npm run bench:ssl
//   BENCH_RUNS=500 npm run bench:ssl   (default 200)
import { SslRequest } from "../src/domain/checks/ssl-schemas.js";
import { runSslCheck } from "../src/engine/runners/ssl.js";
import { readCaFile } from "../src/net/tls-trust.js";
import { TestPki, tlsServer } from "../test/support/tls.js";
import { record } from "./support/report.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const pki = new TestPki();
const server = await tlsServer(pki.leaf());
const request = SslRequest.parse({
  sslConfig: { hostname: "127.0.0.1", port: server.port },
  assertions: [{ source: "CERTIFICATE", property: "daysUntilExpiry", comparison: "GREATER_THAN", target: "30" }],
});
const settings = {
  degradedResponseTime: 3000,
  maxResponseTime: 10000,
  shouldFail: false,
  timeoutMs: 10_000,
  blockPrivateTargets: false,
  extraCa: readCaFile(pki.caFile),
};

for (let i = 0; i < WARMUP; i++) await runSslCheck(request, [], settings);
const times: number[] = [];
const cpuStart = process.cpuUsage();
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const outcome = await runSslCheck(request, [], settings);
  times.push(performance.now() - started);
  if (outcome.hasFailures) throw new Error(`run failed: ${JSON.stringify(outcome.sslCheckResult)}`);
}
const cpu = process.cpuUsage(cpuStart);
server.close();
pki.remove();

const sorted = [...times].sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;
console.log(
  `${RUNS} warm SSL runs against 127.0.0.1: median ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms; CPU ${cpuMs.toFixed(2)} ms per run (client and server)`,
);
console.log(`median warm run: goal under 50 ms: ${at(50) < 50 ? "goal met" : "goal NOT met"}`);
const run = { bench: "ssl", better: "lower" } as const;
record({ ...run, name: "warm SSL run, median", value: at(50), unit: "ms", goal: { op: "<", value: 50 } });
record({ ...run, name: "warm SSL run, p95", value: at(95), unit: "ms" });
record({ ...run, name: "CPU per SSL run (client and server)", value: cpuMs, unit: "ms" });
