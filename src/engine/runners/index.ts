import type { Runner } from "../execute.js";
import { runScriptCheck, scriptErrorOutcome, type ScriptKind } from "../browser/run.js";
import { FairSlots } from "../../platform/fair-slots.js";
import {
  errorOutcome,
  runApiCheck,
  type ApiRequest,
  type ApiTryOutcome,
  type RunSettings,
  type Variable,
} from "./api.js";
import { type AgenticOptions, runAgenticCheck } from "../agentic/run.js";
import { type ScriptSandbox, scriptSandbox } from "../../sandbox/index.js";
import { runDnsCheck, type DnsRequest } from "./dns.js";
import { runIcmpCheck, type IcmpRequest } from "./icmp.js";
import { runSslCheck, type StoredSslRequest } from "./ssl.js";
import { runTcpCheck, type TcpRequest } from "./tcp.js";
import { runUrlCheck, type UrlRequest } from "./url.js";

/**
 * `ping`: the command ICMP checks run (default `ping` from PATH). `browser`: CHROMIUM_PATH and
 * BROWSER_CONCURRENCY for BROWSER, MULTI_STEP and PLAYWRIGHT checks (`limitMs`: a test seam for
 * their 240 s limit).
 */
type RunnerOptions = {
  blockPrivateTargets: boolean;
  /** EXTRA_CA_CERTS: PEM roots trusted besides Node's by every TLS connection of a check (API, URL, SSL). */
  extraCaCertificates?: readonly string[];
  /** PRIVATE_TARGETS_ALLOW: what BLOCK_PRIVATE_TARGETS lets through (runners and the scripts' proxy). */
  privateTargetsAllow?: readonly string[];
  timeoutMs?: number;
  ping?: string;
  /** AGENTIC checks: the model endpoint and browser limits (without a model, their runs end with hasErrors). */
  agentic?: Omit<AgenticOptions, "sandbox" | "slots">;
  /** `sandbox`: SCRIPT_SANDBOX (default on). */
  browser?: { chromiumPath?: string; concurrency?: number; limitMs?: number; memoryMb?: number; sandbox?: boolean };
};
type CheckOf = Parameters<Runner>[0];

const settingsOf = (check: CheckOf, options: RunnerOptions, signal?: AbortSignal): RunSettings => ({
  degradedResponseTime: check.degradedResponseTime,
  maxResponseTime: check.maxResponseTime,
  shouldFail: check.shouldFail,
  timeoutMs: options.timeoutMs ?? 30_000,
  blockPrivateTargets: options.blockPrivateTargets,
  privateTargetsAllow: options.privateTargetsAllow,
  ...(options.extraCaCertificates?.length ? { extraCa: options.extraCaCertificates } : {}),
  ...(signal ? { signal } : {}),
});

/**
 * ICMP packet loss thresholds (percent) are stored in the check's `settings` JSON. A check handed
 * over with them (as `degradedPacketLossThreshold` / `maxPacketLossThreshold`, null for none) is
 * run with them; one handed over without them gets the reference's defaults, 10 and 20.
 */
function packetLoss(check: CheckOf): {
  degradedPacketLossThreshold: number | null;
  maxPacketLossThreshold: number | null;
} {
  const given = check as { degradedPacketLossThreshold?: unknown; maxPacketLossThreshold?: unknown };
  const percent = (value: unknown, fallback: number) =>
    value === undefined ? fallback : typeof value === "number" ? value : null;
  return {
    degradedPacketLossThreshold: percent(given.degradedPacketLossThreshold, 10),
    maxPacketLossThreshold: percent(given.maxPacketLossThreshold, 20),
  };
}

/** A runner for a type whose request is stored; a check without one ends with hasErrors. */
function withRequest<R>(
  run: (request: R, variables: readonly Variable[], check: CheckOf, signal?: AbortSignal) => Promise<ApiTryOutcome>,
): Runner {
  return async (check, effective, _location, signal) =>
    effective.request
      ? run(effective.request as R, effective.environmentVariables, check, signal)
      : errorOutcome(`this ${check.checkType} check has no request to run`);
}

/** Runners of the script types, sharing BROWSER_CONCURRENCY places fairly between accounts (one FairSlots per service or agent). */
function scriptRunners(options: RunnerOptions, slots: FairSlots, sandbox: ScriptSandbox): Record<ScriptKind, Runner> {
  const browser = {
    chromiumPath: options.browser?.chromiumPath ?? "/usr/bin/chromium",
    sandbox,
    slots,
    ...(options.browser?.limitMs ? { limitMs: options.browser.limitMs } : {}),
    ...(options.browser?.memoryMb ? { memoryMb: options.browser.memoryMb } : {}),
  };
  const runner =
    (kind: ScriptKind): Runner =>
    (check, effective, _location, signal) => {
      const scriptCheck = {
        kind,
        scripted: check.scripted ?? { script: null, setupScripts: [], tearDownScripts: [], frequency: 10 },
        variables: effective.environmentVariables,
        degradedResponseTime: check.degradedResponseTime,
        maxResponseTime: check.maxResponseTime,
        shouldFail: check.shouldFail,
      };
      if (!check.scripted)
        return Promise.resolve(scriptErrorOutcome(scriptCheck, `this ${kind} check has no script to run`));
      return runScriptCheck(scriptCheck, { ...browser, slots: slots.for(check.accountId ?? "") }, signal);
    };
  return { BROWSER: runner("BROWSER"), MULTI_STEP: runner("MULTI_STEP"), PLAYWRIGHT: runner("PLAYWRIGHT") };
}

/** The runners the service and agents have: API, URL, TCP, DNS, ICMP, SSL, BROWSER, MULTI_STEP, PLAYWRIGHT and AGENTIC checks. */
export function defaultRunners(options: RunnerOptions): Record<string, Runner> {
  // AGENTIC runs take the same BROWSER_CONCURRENCY places: each is a Chromium too.
  const slots = new FairSlots(options.browser?.concurrency ?? 1);
  const sandbox = scriptSandbox({
    scriptSandbox: options.browser?.sandbox ?? true,
    blockPrivateTargets: options.blockPrivateTargets,
    privateTargetsAllow: options.privateTargetsAllow ?? [],
  });
  return {
    ...scriptRunners(options, slots, sandbox),
    API: withRequest<ApiRequest>((request, variables, check, signal) =>
      runApiCheck(request, variables, settingsOf(check, options, signal)),
    ),
    URL: withRequest<UrlRequest>((request, variables, check, signal) =>
      runUrlCheck(request, variables, settingsOf(check, options, signal)),
    ),
    TCP: withRequest<TcpRequest>((request, variables, check) =>
      runTcpCheck(request, variables, settingsOf(check, options)),
    ),
    DNS: withRequest<DnsRequest>((request, variables, check) =>
      runDnsCheck(request, variables, settingsOf(check, options)),
    ),
    ICMP: withRequest<IcmpRequest>((request, variables, check) =>
      runIcmpCheck(request, variables, {
        ...settingsOf(check, options),
        ...packetLoss(check),
        ...(options.ping ? { ping: options.ping } : {}),
      }),
    ),
    SSL: (check, effective, _location, signal) =>
      effective.request
        ? runSslCheck(
            effective.request as StoredSslRequest,
            effective.environmentVariables,
            settingsOf(check, options, signal),
          )
        : Promise.resolve(errorOutcome("this SSL check has no request to run")),
    AGENTIC: (check, effective, _location, signal) =>
      runAgenticCheck(
        check,
        effective.environmentVariables,
        {
          chromiumPath: options.browser?.chromiumPath,
          ...options.agentic,
          sandbox,
          slots: slots.for(check.accountId ?? ""),
        },
        signal,
      ),
  };
}
