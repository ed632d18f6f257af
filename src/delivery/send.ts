import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { TryResult } from "../domain/alerting/delivery-rules.js";
import { isPrivateAddress } from "../engine/runners/targets.js";
import type { DeliveryRequest } from "./types.js";

export const SEND_TIMEOUT_MS = 10_000;
/** More than notificationResult keeps (1 KiB); the rest of a response is not read. */
const BODY_LIMIT = 4 * 1024;

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

const refusal = (what: string) =>
  `refused: ${what} is a private, loopback or link-local address (BLOCK_PRIVATE_TARGETS)`;

/**
 * One try of a provider request: the whole exchange within `timeoutMs`, redirects not followed (a
 * 3xx is the answer, and a FAILURE), at most a few KiB of the body read. With `blockPrivateTargets`,
 * a tenant's URL (not `trusted`) may not reach a private address: checked on the literal host and on
 * every address DNS gives, the same addresses the connection then uses.
 */
export function sendRequest(
  request: DeliveryRequest,
  options: { blockPrivateTargets: boolean; timeoutMs?: number },
): Promise<TryResult> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const guard = options.blockPrivateTargets && !request.trusted;
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return resolve({ kind: "error", message: `invalid URL: ${request.url}`, retryable: false });
    }
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (guard && isIP(host) && isPrivateAddress(host)) {
      return resolve({ kind: "error", message: refusal(host), retryable: false });
    }
    let refused = false;
    const lookup = (hostname: string, lookupOptions: object, callback: LookupCallback) =>
      dnsLookup(hostname, lookupOptions, (error, address: string | LookupAddress[], family?: number) => {
        const addresses = typeof address === "string" ? [address] : (address ?? []).map((a) => a.address);
        if (!error && guard && addresses.some(isPrivateAddress)) {
          refused = true;
          return callback(new Error(refusal(`${hostname} resolves to ${addresses.join(", ")}, which`)), "", 4);
        }
        callback(error, address, family);
      });

    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = body ? { ...request.headers, "content-length": String(body.length) } : request.headers;
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const signal = AbortSignal.timeout(timeoutMs);
    let req: ReturnType<typeof send>;
    try {
      req = send(url, { method: request.method, headers, lookup: lookup as never, agent: false, signal });
    } catch (error) {
      // Invalid header names or values are refused synchronously; no retry changes them.
      return resolve({ kind: "error", message: (error as Error).message, retryable: false });
    }

    req.once("error", (error) => {
      const timedOut = signal.aborted;
      resolve({
        kind: "error",
        message: timedOut ? `timed out after ${timeoutMs} ms` : error.message || String(error),
        retryable: !refused,
      });
    });
    req.once("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        const retryAfter = res.headers["retry-after"];
        resolve({
          kind: "response",
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          retryAfter: typeof retryAfter === "string" ? retryAfter : null,
        });
        res.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk.subarray(0, BODY_LIMIT - size));
        size += Math.min(chunk.length, BODY_LIMIT - size);
        if (size >= BODY_LIMIT) finish();
      });
      res.once("end", finish);
      // The status is in: a body cut short by the deadline or a reset still counts as that answer.
      res.once("error", finish);
      res.once("aborted", finish);
    });
    req.end(body);
  });
}
