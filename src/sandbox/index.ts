import { join } from "node:path";
import { addressRuleFor } from "../net/address-rule.js";
import { bwrapAvailable, missingBwrap } from "./bwrap.js";
import type { Isolation } from "./launch.js";
import { type AddressRule, type FilteringProxy, startFilteringProxy } from "./proxy.js";

export { launchCommand, type Isolation, type Launch } from "./launch.js";
export { packagePath } from "./bwrap.js";
export { PROXY_URL } from "./relay-source.js";

/**
 * How this service or agent runs tenants' scripts (docs/decisions.md, "Running tenants' code and
 * requests safely"): in bwrap behind the filtering proxy, or (SCRIPT_SANDBOX=off, unsafe) as plain
 * child processes with the service's network.
 */
export type ScriptSandbox = {
  enabled: boolean;
  bwrapPath: string;
  /** The address rule the proxy applies (BLOCK_PRIVATE_TARGETS, PRIVATE_TARGETS_ALLOW). */
  refuses: AddressRule;
};

export const DEFAULT_BWRAP = "/usr/bin/bwrap";

export function scriptSandbox(config: {
  scriptSandbox: boolean;
  blockPrivateTargets: boolean;
  privateTargetsAllow?: readonly string[];
  bwrapPath?: string;
}): ScriptSandbox {
  return {
    enabled: config.scriptSandbox,
    bwrapPath: config.bwrapPath ?? DEFAULT_BWRAP,
    refuses: addressRuleFor({
      blockPrivateTargets: config.blockPrivateTargets,
      privateTargetsAllow: config.privateTargetsAllow ?? [],
    }),
  };
}

/** One run's isolation: its proxy (closed by `close`), or why it cannot run. */
export type RunIsolation =
  | { isolation: Isolation | null; proxy: FilteringProxy | null; close: () => Promise<void> }
  | { missing: string };

/**
 * Prepares one run in `dir`: bwrap must be there (else the run ends with hasErrors naming the
 * package), and its filtering proxy listens on `dir/proxy.sock` until `close`. SCRIPT_SANDBOX=off
 * gives neither.
 */
export async function isolateRun(dir: string, sandbox: ScriptSandbox): Promise<RunIsolation> {
  if (!sandbox.enabled) return { isolation: null, proxy: null, close: async () => {} };
  if (!(await bwrapAvailable(sandbox.bwrapPath))) return { missing: missingBwrap(sandbox.bwrapPath) };
  const proxySocket = join(dir, "proxy.sock");
  const proxy = await startFilteringProxy(proxySocket, sandbox.refuses);
  return { isolation: { bwrapPath: sandbox.bwrapPath, proxySocket }, proxy, close: () => proxy.close() };
}
