import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { addressRuleFor, type TargetPolicy } from "../../net/address-rule.js";
import { guardedLookup, refusedLiteral } from "../../net/guarded-lookup.js";
import { trustedContext, type ExtraCa } from "../../net/tls-trust.js";

/** One HTTP exchange with its timing phases (ms): dns, tcp, tls, firstByte, download, total. */
export type HttpExchange = {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  url: string;
  timings: { dns: number; tcp: number; tls: number; firstByte: number; download: number; total: number };
};
export type HttpAttempt = TargetPolicy & {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  skipSSL: boolean;
  followRedirects: boolean;
  /** IPv4 or IPv6 only (the check's ipFamily); both when unset. */
  family?: 4 | 6;
  /** Aborts the exchange (the run was cancelled). */
  signal?: AbortSignal;
  /** EXTRA_CA_CERTS: roots trusted besides Node's. */
  extraCa?: ExtraCa;
};

/** A failure before any response: the run's network error (retries with onlyOn NETWORK_ERROR apply). */
export class NetworkError extends Error {}

const BODY_CAP = 64 * 1024;
const MAX_REDIRECTS = 5;

function once(attempt: HttpAttempt, url: URL, deadline: number): Promise<HttpExchange> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const marks = { lookup: start, connect: start, secure: start, response: start };
    const refuses = addressRuleFor(attempt);
    const refused = refusedLiteral(url.hostname, refuses);
    if (refused) return reject(new NetworkError(refused.message));
    const lookup = guardedLookup(refuses, attempt.family);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const secureContext = url.protocol === "https:" ? trustedContext(attempt.extraCa) : undefined;
    // Node frames a GET's body only with a content-length: without one the target reads it as a second request.
    const headers =
      attempt.body === undefined
        ? attempt.headers
        : { ...attempt.headers, "content-length": String(Buffer.byteLength(attempt.body)) };
    // agent: false: every try opens its own connection, as a monitor must (a kept-alive socket
    // would hide DNS, TCP and TLS from the timings, and from failures).
    const req = send(url, {
      method: attempt.method,
      headers,
      rejectUnauthorized: !attempt.skipSSL,
      lookup: lookup as never,
      timeout: Math.max(1, deadline - Date.now()),
      agent: false,
      ...(secureContext ? { secureContext } : {}),
      ...(attempt.signal ? { signal: attempt.signal } : {}),
    });
    req.once("socket", (socket) => {
      socket.once("lookup", () => (marks.lookup = performance.now()));
      socket.once("connect", () => (marks.connect = performance.now()));
      socket.once("secureConnect", () => (marks.secure = performance.now()));
    });
    req.once("timeout", () => req.destroy(new NetworkError(`timed out after ${attempt.timeoutMs} ms`)));
    req.once("error", (error) => reject(error instanceof NetworkError ? error : new NetworkError(error.message)));
    req.once("response", (res: IncomingMessage) => {
      marks.response = performance.now();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        if (size < BODY_CAP) chunks.push(chunk.subarray(0, BODY_CAP - size));
        size += chunk.length;
      });
      res.once("error", (error) => reject(new NetworkError(error.message)));
      res.once("end", () => {
        const end = performance.now();
        const dns = marks.lookup - start;
        const tcp = Math.max(0, marks.connect - marks.lookup);
        const tls = url.protocol === "https:" ? Math.max(0, marks.secure - marks.connect) : 0;
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? "",
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, [v].flat().join(", ")])),
          body: Buffer.concat(chunks).toString("utf8"),
          url: url.toString(),
          timings: {
            dns,
            tcp,
            tls,
            firstByte: marks.response - Math.max(marks.secure, marks.connect, start),
            download: end - marks.response,
            total: end - start,
          },
        });
      });
    });
    if (attempt.body) req.end(attempt.body);
    else req.end();
  });
}

/** Sends the request, following redirects when asked (a 303, or a 301/302 of a POST, becomes a GET). */
export async function exchange(attempt: HttpAttempt): Promise<HttpExchange> {
  const deadline = Date.now() + attempt.timeoutMs;
  let url = new URL(attempt.url);
  let current = attempt;
  for (let hops = 0; ; hops++) {
    const result = await once(current, url, deadline);
    const location = result.headers.location;
    if (
      !attempt.followRedirects ||
      !location ||
      ![301, 302, 303, 307, 308].includes(result.status) ||
      hops === MAX_REDIRECTS
    )
      return result;
    url = new URL(location, url);
    if (result.status === 303 || ((result.status === 301 || result.status === 302) && current.method === "POST"))
      current = { ...current, method: "GET", body: undefined };
  }
}
