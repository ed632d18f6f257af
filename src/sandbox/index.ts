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

/** Why scripts cannot run here (bwrap is missing: the run ends with hasErrors naming the package), or null. */
export async function sandboxMissing(sandbox: ScriptSandbox): Promise<string | null> {
  return sandbox.enabled && !(await bwrapAvailable(sandbox.bwrapPath)) ? missingBwrap(sandbox.bwrapPath) : null;
}

/** One run's isolation and its proxy (closed by `close`); both null under SCRIPT_SANDBOX=off. */
export type RunIsolation = { isolation: Isolation | null; proxy: FilteringProxy | null; close: () => Promise<void> };

/** Prepares one run in `dir`: its filtering proxy listens on `dir/proxy.sock` until `close`. */
export async function isolateRun(dir: string, sandbox: ScriptSandbox): Promise<RunIsolation> {
  if (!sandbox.enabled) return { isolation: null, proxy: null, close: async () => {} };
  const proxySocket = join(dir, "proxy.sock");
  const proxy = await startFilteringProxy(proxySocket, sandbox.refuses);
  return { isolation: { bwrapPath: sandbox.bwrapPath, proxySocket }, proxy, close: () => proxy.close() };
}
