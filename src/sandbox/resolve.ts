import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/** `refuses(address)` of src/net/address-rule.ts (addressRuleFor): true when the address is refused. */
export type AddressRule = (address: string) => boolean;

const LOOKUP_MS = 10_000;
const MAX_NAMES = 256;

const refusal = (host: string) =>
  `refused: ${host} is or resolves to a private, loopback or link-local address (BLOCK_PRIVATE_TARGETS)`;

/** The rule refused the target: a 403, noted for the run. */
export class Refused extends Error {}

export type Resolved = { address: string; family: number };

/**
 * A name's addresses, looked up once per run (the same promise for concurrent requests): a page's
 * many requests to a few hosts cost a few lookups in libuv's small thread pool, which the service
 * shares. Failures are not kept; at most MAX_NAMES names are.
 */
function resolveOnce(name: string, lookups: Map<string, Promise<Resolved[]>>): Promise<Resolved[]> {
  const known = lookups.get(name);
  if (known) return known;
  const pending = Promise.race([
    lookup(name, { all: true }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${name} did not resolve in time`)), LOOKUP_MS).unref(),
    ),
  ]);
  if (lookups.size < MAX_NAMES) {
    lookups.set(name, pending);
    pending.catch(() => lookups.delete(name));
  }
  return pending;
}

/**
 * The one address a request may go to: `host` resolved (or taken as written when it is an
 * address), every resolved address judged by the rule, the first one returned so the caller
 * connects to that very address (no second lookup: no DNS rebinding between check and connect).
 */
export async function resolveAllowed(
  host: string,
  rule: AddressRule,
  lookups: Map<string, Promise<Resolved[]>>,
): Promise<Resolved> {
  const name = host.replace(/^\[|\]$/g, "");
  const found = isIP(name) ? [{ address: name, family: isIP(name) }] : await resolveOnce(name, lookups);
  if (found.length === 0) throw new Error(`${name} does not resolve`);
  if (found.some((a) => rule(a.address))) throw new Refused(refusal(name));
  return found[0]!;
}
