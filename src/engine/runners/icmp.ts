import { execFile } from "node:child_process";
import type { Assertion } from "../../domain/monitoring/assertions.js";
import { interpolate } from "../../domain/monitoring/effective.js";
import { secretValues } from "../../domain/monitoring/scrub.js";
import {
  errorOutcome,
  evaluateAs,
  resolveTarget,
  scrubDeep,
  tryOutcome,
  type ApiTryOutcome,
  type RunSettings,
  type Variable,
} from "./api.js";
import { NetworkError } from "./http.js";

export type IcmpRequest = {
  hostname: string;
  ipFamily?: string | null;
  pingCount?: number | null;
  assertions?: Assertion[];
};
/** Packet loss thresholds are percentages (reference: degradedPacketLossThreshold, maxPacketLossThreshold); `ping` is the command run. */
export type IcmpRunSettings = RunSettings & {
  degradedPacketLossThreshold?: number | null;
  maxPacketLossThreshold?: number | null;
  ping?: string;
};
type Latency = { min: number; avg: number; max: number; stdDev: number };
export type PingSummary = {
  packetsSent: number;
  packetsReceived: number;
  packetLoss: number;
  latency: Latency | null;
  pingResults: { sequence: number; ttl: number; time: number }[];
};

const INTERVAL_SECONDS = 0.5;
const MAX_REPLY_WAIT_SECONDS = 10;
const LATENCY_KEYS = ["min", "avg", "max", "stdDev"] as const;
const HOSTNAME = /^[A-Za-z0-9_.:%[\]-]+$/;

/** The statistics of iputils' (or a BSD) `ping` output; null when it printed none. */
export function parsePing(output: string): PingSummary | null {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received/.exec(output);
  if (!counts) return null;
  const [packetsSent, packetsReceived] = [Number(counts[1]), Number(counts[2])];
  const loss = /([\d.]+)% packet loss/.exec(output);
  const rtt = /= ([\d.]+)\/([\d.]+)\/([\d.]+)(?:\/([\d.]+))? ms/.exec(output);
  const pingResults = [...output.matchAll(/icmp_seq=(\d+) ttl=(\d+) time=([\d.]+) ms/g)].map((m) => ({
    sequence: Number(m[1]),
    ttl: Number(m[2]),
    time: Number(m[3]),
  }));
  return {
    packetsSent,
    packetsReceived,
    packetLoss: loss ? Number(loss[1]) : packetsSent ? ((packetsSent - packetsReceived) / packetsSent) * 100 : 100,
    latency: rtt
      ? { min: Number(rtt[1]), avg: Number(rtt[2]), max: Number(rtt[3]), stdDev: Number(rtt[4] ?? 0) }
      : null,
    pingResults,
  };
}

type PingRun = { output: string; missing: boolean; failed: string | null };

function ping(command: string, args: string[], killAfterMs: number): Promise<PingRun> {
  return new Promise((resolve) => {
    // SIGINT, not SIGTERM: iputils prints its statistics when interrupted.
    execFile(
      command,
      args,
      { timeout: killAfterMs, killSignal: "SIGINT", env: { ...process.env, LC_ALL: "C" } },
      (error, stdout, stderr) => {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        resolve({
          output: `${stdout}${stderr}`,
          missing: code === "ENOENT",
          failed: error && !parsePing(stdout) ? stderr.trim() || error.message : null,
        });
      },
    );
  });
}

/**
 * Runs one try of an ICMP check with the system's `ping` (Debian iputils-ping): Node has no ICMP
 * sockets (unprivileged "ping sockets" need native code), so the setuid/cap_net_raw binary does the
 * sending. The hostname is resolved here (in ipFamily, refused under BLOCK_PRIVATE_TARGETS) and ping
 * gets the address, in an argument array (no shell). pingCount echo requests go every 0.5 s, each
 * reply waited for up to the run's timeout (at most 10 s).
 *
 * The parsed summary ({hostname, resolvedIp, ipFamily, pingCount, packetsSent, packetsReceived,
 * packetLoss, latency {min, avg, max, stdDev}, dnsResolutionTime, pingResults}) is what
 * JSON_RESPONSE assertions read; LATENCY reads latency[property] (avg by default). Response time is
 * the average round trip. Loss of every packet fails (a network error); maxPacketLossThreshold
 * fails and degradedPacketLossThreshold degrades at that loss or more. Recorded in
 * apiCheckResult: response.body is ping's output, response.json the summary.
 */
export async function runIcmpCheck(
  request: IcmpRequest,
  variables: readonly Variable[],
  settings: IcmpRunSettings,
): Promise<ApiTryOutcome> {
  const secrets = secretValues(variables);
  const hostname = interpolate(request.hostname, variables).trim();
  const family = request.ipFamily === "IPv6" ? 6 : request.ipFamily === "IPv4" ? 4 : 0;
  const pingCount = request.pingCount ?? 10;
  const recordedRequest = scrubDeep(
    { method: "ICMP", url: `icmp://${hostname}`, hostname, ipFamily: request.ipFamily ?? null, pingCount },
    secrets,
  );
  if (!HOSTNAME.test(hostname) || hostname.startsWith("-"))
    return errorOutcome(`not a hostname or IP address: "${recordedRequest.hostname}"`, recordedRequest);

  const startedAt = new Date();
  let pinged: Pinged | null = null;
  let requestError: string | null = null;
  try {
    pinged = await pingHost(hostname, family, pingCount, settings);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    requestError = error.message;
  }
  if (pinged && "refused" in pinged) return errorOutcome(pinged.refused, recordedRequest, startedAt);
  const summary = pinged?.summary ?? null;
  const output = pinged?.output ?? "";
  const stoppedAt = new Date();
  const reached = summary !== null && summary.packetsReceived > 0;
  const averageMs = summary?.latency?.avg ?? 0;
  const assertions = summary ? (request.assertions ?? []).map((a) => evaluate(a, summary!)) : [];
  const loss = summary?.packetLoss ?? 100;
  const lossFails = settings.maxPacketLossThreshold != null && loss >= settings.maxPacketLossThreshold;
  const lossDegrades =
    settings.degradedPacketLossThreshold != null ? loss >= settings.degradedPacketLossThreshold : null;
  const outcome = tryOutcome(
    settings,
    { reached, passed: !lossFails && assertions.every((a) => a.passed), responseTime: averageMs, startedAt, stoppedAt },
    {
      assertions,
      request: recordedRequest,
      response: summary && {
        body: output,
        json: summary,
        timings: { dns: summary.dnsResolutionTime, total: averageMs },
        timingPhases: { dns: summary.dnsResolutionTime },
      },
      requestError:
        requestError ?? (summary && !reached ? `no reply from ${summary.resolvedIp}: ${loss}% packet loss` : null),
    },
  );
  return {
    ...outcome,
    // Packet loss over its threshold degrades the check as a slow response does.
    isDegraded:
      !reached || (outcome.isDegraded === null && lossDegrades === null)
        ? null
        : Boolean(outcome.isDegraded || lossDegrades),
    apiCheckResult: scrubDeep(outcome.apiCheckResult, secrets),
  };
}

type Pinged = { summary: PingSummary & Record<string, unknown>; output: string } | { refused: string };

/**
 * Resolves the host and pings it: its summary and ping's output, or why this host cannot ping at
 * all (no ping command, no right to send); a NetworkError when the host is not reached.
 */
async function pingHost(
  hostname: string,
  family: 0 | 4 | 6,
  pingCount: number,
  settings: IcmpRunSettings,
): Promise<Pinged> {
  const target = await resolveTarget(hostname.replace(/^\[|\]$/g, ""), family, settings);
  const waitSeconds = Math.min(MAX_REPLY_WAIT_SECONDS, Math.max(1, Math.ceil(settings.timeoutMs / 1000)));
  const args = [
    "-n",
    `-${target.family}`,
    "-c",
    String(pingCount),
    "-i",
    String(INTERVAL_SECONDS),
    "-W",
    String(waitSeconds),
    target.address,
  ];
  const command = settings.ping ?? "ping";
  const run = await ping(command, args, ((pingCount - 1) * INTERVAL_SECONDS + waitSeconds) * 1000 + 2_000);
  if (run.missing)
    return {
      refused: `cannot run ICMP checks: the \`${command}\` command is missing (install the iputils-ping package)`,
    };
  if (run.failed && /not permitted|permission denied/i.test(run.failed))
    return {
      refused: `cannot run ICMP checks: ping is not allowed to send (${run.failed}); it needs cap_net_raw or net.ipv4.ping_group_range covering the service's group`,
    };
  if (run.failed) throw new NetworkError(run.failed);
  const summary = {
    hostname,
    resolvedIp: target.address,
    ipFamily: `IPv${target.family}`,
    pingCount,
    ...parsePing(run.output)!,
    dnsResolutionTime: target.dnsMs,
  };
  return { summary, output: run.output };
}

function evaluate(assertion: Assertion, summary: PingSummary) {
  if (assertion.source === "JSON_RESPONSE")
    return evaluateAs(assertion, "JSON_BODY", { body: JSON.stringify(summary) });
  if (assertion.source !== "LATENCY") return { ...assertion, actual: null, passed: false }; // not an ICMP source
  const key = LATENCY_KEYS.find((k) => k.toLowerCase() === (assertion.property || "avg").toLowerCase());
  return evaluateAs(
    assertion,
    "JSON_BODY",
    { body: JSON.stringify(summary.latency ?? {}) },
    key ? `$.${key}` : "$.none",
  );
}
