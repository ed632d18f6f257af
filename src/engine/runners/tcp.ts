import { connect, isIP } from "node:net";
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

export type TcpRequest = {
  hostname?: string;
  url?: string;
  port: number;
  data?: string | null;
  body?: string | null;
  ipFamily?: string | null;
  assertions?: Assertion[];
};
/** `idleMs`: how long a quiet peer is waited for before the response is taken as complete. */
export type TcpRunSettings = RunSettings & { idleMs?: number };

const RESPONSE_CAP = 64 * 1024;
const IDLE_MS = 1_000;

type Conversation = {
  connectMs: number;
  firstByteMs: number | null;
  lastByteMs: number | null;
  data: Buffer;
  bytes: number;
  endedBy: "peer" | "cap" | "idle" | "timeout";
};

/** `host`, `host:port`, `[v6]:port` or `tcp://host:port` → the host (the port is the request's own). */
function hostOf(target: string): string {
  const trimmed = target.trim();
  if (trimmed.includes("://")) return URL.canParse(trimmed) ? new URL(trimmed).hostname.replace(/^\[|\]$/g, "") : "";
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  if (bracketed) return bracketed[1]!;
  return isIP(trimmed) ? trimmed : trimmed.replace(/:\d+$/, "");
}

/** Connects, writes `data` if any, and reads until the peer closes, 64 KiB, `idleMs` of quiet or the deadline. */
function converse(
  address: string,
  port: number,
  data: string | undefined,
  timeoutMs: number,
  idleMs: number,
): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const socket = connect({ host: address, port });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let connectMs = -1;
    let firstByteMs: number | null = null;
    let lastByteMs: number | null = null;
    let idle: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(idle);
      clearTimeout(deadline);
      socket.destroy();
    };
    const finish = (endedBy: Conversation["endedBy"]) => {
      done();
      resolve({ connectMs, firstByteMs, lastByteMs, data: Buffer.concat(chunks), bytes, endedBy });
    };
    const fail = (error: Error) => {
      done();
      reject(error);
    };
    const deadline = setTimeout(
      () =>
        connectMs < 0
          ? fail(new NetworkError(`timed out after ${timeoutMs} ms connecting to ${address}:${port}`))
          : finish("timeout"),
      timeoutMs,
    );
    const waitQuietly = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish("idle"), idleMs);
    };
    socket.once("connect", () => {
      connectMs = performance.now() - start;
      if (data) socket.write(data);
      waitQuietly();
    });
    socket.on("data", (chunk: Buffer) => {
      lastByteMs = performance.now() - start;
      firstByteMs ??= lastByteMs;
      chunks.push(chunk.subarray(0, RESPONSE_CAP - Math.min(bytes, RESPONSE_CAP)));
      bytes += chunk.length;
      if (bytes >= RESPONSE_CAP) finish("cap");
      else waitQuietly();
    });
    socket.once("end", () => finish("peer"));
    socket.once("error", (error) => fail(new NetworkError(error.message)));
  });
}

/**
 * Runs one try of a TCP check: resolve (in ipFamily; refused under BLOCK_PRIVATE_TARGETS),
 * connect, optionally send `data` (or `body`), read the answer. RESPONSE_DATA assertions read the
 * answer as text, RESPONSE_TIME the time to connect and receive its last byte (quiet time waited
 * after it is not counted). No assertions: an open port passes. A refused, reset or timed-out
 * connection is a network error.
 *
 * CheckResult has no TCP-specific field: the outcome goes in `apiCheckResult` (the runners' shared
 * {request, response, timings, assertions} record), request.method "TCP" and request.url
 * tcp://host:port telling it apart; response.body holds the text received.
 */
export async function runTcpCheck(
  request: TcpRequest,
  variables: readonly Variable[],
  settings: TcpRunSettings,
): Promise<ApiTryOutcome> {
  const fill = (text: string) => interpolate(text, variables);
  const secrets = secretValues(variables);
  const host = hostOf(fill(request.hostname ?? request.url ?? ""));
  const payload = request.data ?? request.body;
  const data = payload ? fill(payload) : undefined;
  const family = request.ipFamily === "IPv6" ? 6 : 4;
  const recordedRequest = scrubDeep(
    {
      method: "TCP",
      url: `tcp://${host.includes(":") ? `[${host}]` : host}:${request.port}`,
      hostname: host,
      port: request.port,
      ipFamily: `IPv${family}`,
      data: data ?? "",
    },
    secrets,
  );
  if (!host || host.startsWith("-"))
    return errorOutcome(`not a hostname: "${recordedRequest.hostname}"`, recordedRequest);

  const startedAt = new Date();
  let conversation: Conversation | null = null;
  let dnsMs = 0;
  let requestError: string | null = null;
  try {
    const target = await resolveTarget(host, family, settings);
    dnsMs = target.dnsMs;
    conversation = await converse(
      target.address,
      request.port,
      data,
      Math.max(1, Math.round(settings.timeoutMs - dnsMs)),
      settings.idleMs ?? IDLE_MS,
    );
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    requestError = error.message;
  }
  const stoppedAt = new Date();
  const responseTime = Math.round(
    conversation
      ? dnsMs + (conversation.lastByteMs ?? conversation.connectMs)
      : stoppedAt.getTime() - startedAt.getTime(),
  );
  const text = conversation?.data.toString("utf8") ?? "";
  const assertions = conversation
    ? (request.assertions ?? []).map((a) =>
        a.source === "RESPONSE_TIME"
          ? evaluateAs(a, "RESPONSE_TIME", { responseTimeMs: responseTime })
          : evaluateAs(a, "TEXT_BODY", { body: text }),
      )
    : [];
  const timings = conversation && {
    dns: dnsMs,
    tcp: conversation.connectMs,
    firstByte: conversation.firstByteMs === null ? null : conversation.firstByteMs - conversation.connectMs,
    download: conversation.firstByteMs === null ? 0 : conversation.lastByteMs! - conversation.firstByteMs,
    total: responseTime,
  };
  const outcome = tryOutcome(
    settings,
    { reached: conversation !== null, passed: assertions.every((a) => a.passed), responseTime, startedAt, stoppedAt },
    {
      assertions,
      request: recordedRequest,
      response: conversation && {
        body: text,
        bytes: conversation.bytes,
        truncated: conversation.endedBy === "cap",
        endedBy: conversation.endedBy,
        timings,
        timingPhases: timings,
      },
      requestError,
    },
  );
  return { ...outcome, apiCheckResult: scrubDeep(outcome.apiCheckResult, secrets) };
}
