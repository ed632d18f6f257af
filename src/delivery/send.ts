import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { TryResult } from "../domain/alert-notifications/delivery-rules.js";
import { addressRuleFor, type TargetPolicy } from "../net/address-rule.js";
import { guardedLookup, RefusedTarget, refusedLiteral } from "../net/guarded-lookup.js";
import type { DeliveryRequest } from "./types.js";

export const SEND_TIMEOUT_MS = 10_000;
/** More than notificationResult keeps (1 KiB); the rest of a response is not read. */
const BODY_LIMIT = 4 * 1024;

/**
 * One try of a provider request: the whole exchange within `timeoutMs`, redirects not followed (a
 * 3xx is the answer, and a FAILURE), at most a few KiB of the body read. With `blockPrivateTargets`,
 * a tenant's URL (not `trusted`) may not reach a private address: checked on the literal host and on
 * every address DNS gives, the same addresses the connection then uses.
 */
export function sendRequest(
  request: DeliveryRequest,
  options: TargetPolicy & { timeoutMs?: number },
): Promise<TryResult> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const refuses = request.trusted ? () => false : addressRuleFor(options);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return resolve({ kind: "error", message: `invalid URL: ${request.url}`, retryable: false });
    }
    const refusedHost = refusedLiteral(url.hostname, refuses);
    if (refusedHost) return resolve({ kind: "error", message: refusedHost.message, retryable: false });
    const lookup = guardedLookup(refuses);

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
        retryable: !(error instanceof RefusedTarget),
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
