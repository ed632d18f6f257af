import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** Raised when the address rule refuses a target: never retried, never a reachable target. */
export class RefusedTarget extends Error {}

export const refusalText = (what: string) =>
  `refused: ${what} a private, loopback or link-local address (BLOCK_PRIVATE_TARGETS)`;

/**
 * The refusal for a URL's host when it is an IP literal, else null (Node connects to a literal
 * without a lookup, so it is judged here; names are judged by `guardedLookup`).
 */
export function refusedLiteral(hostname: string, refuses: (address: string) => boolean): RefusedTarget | null {
  const host = hostname.replace(/^\[|\]$/g, "");
  return isIP(host) && refuses(host) ? new RefusedTarget(refusalText(`${host} is`)) : null;
}

/**
 * A `lookup` for http(s).request and net.connect that judges every address DNS gives, the same
 * addresses the connection then uses (so a second lookup cannot swap in another one).
 */
export function guardedLookup(refuses: (address: string) => boolean, family?: 4 | 6) {
  return (host: string, options: object, callback: LookupCallback) =>
    dnsLookup(
      host,
      { ...options, ...(family ? { family } : {}) },
      (error, address: string | LookupAddress[], resolvedFamily?: number) => {
        const addresses = typeof address === "string" ? [address] : (address ?? []).map((a) => a.address);
        if (!error && addresses.some(refuses)) {
          return callback(
            new RefusedTarget(refusalText(`${host} resolves to ${addresses.join(", ")}, which is`)),
            "",
            4,
          );
        }
        callback(error, address, resolvedFamily);
      },
    );
}
