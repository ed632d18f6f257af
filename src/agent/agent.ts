import { sleep } from "../sleep.js";
import { randomUUID } from "node:crypto";
import type { Runner } from "../domain/monitoring/tries.js";
import { createServiceClient, ServiceError, type ClaimedRun } from "./client.js";
import type { AgentConfig } from "./config.js";
import { startHealthServer } from "./health.js";
import { createAgentLogger } from "./logger.js";
import { createErrorReporter } from "./report.js";
import { executeClaimedRun } from "./run.js";
import { createScrubber } from "./scrub.js";

/** How long a claim waits for work at the service (the service allows up to 25 s). */
const CLAIM_WAIT_MS = 20_000;
/** How long a claim may wait for more free slots while runs are under way. */
const GATHER_MS = 20;
/** How long in-flight runs may take to finish after SIGTERM before the agent exits anyway. */
const DRAIN_MS = 30_000;

/**
 * The private-location agent: claims runs of its location (long-poll, as many as it has free
 * slots of JOB_CONCURRENCY), runs them with the service's runners and posts their results, and
 * serves its health endpoints. `stop()` is the SIGTERM path: readiness 503 at once, no new claim
 * (the pending long-poll is aborted), in-flight runs finish (bounded), then it resolves.
 */
export async function startAgent(
  config: AgentConfig,
  options: { version: string; runners: Partial<Record<string, Runner>> },
) {
  const facts = {
    agentId: randomUUID(),
    version: options.version,
    platform: process.platform,
    runtimeVersion: process.version,
  };
  const scrubber = createScrubber(
    [config.apiKey, ...config.localSecrets.map((s) => s.value)],
    [config.serviceUrl.href, config.serviceUrl.origin, config.serviceUrl.host],
  );
  const client = createServiceClient({
    serviceUrl: config.serviceUrl,
    apiKey: config.apiKey,
    proxied: config.proxied,
    facts,
  });
  const reporter = createErrorReporter({
    enabled: config.errorReporting,
    client: () => client,
    scrubber,
    version: options.version,
  });
  const logger = createAgentLogger(config.logLevel, scrubber, (event) => reporter.capture(event));

  const state = { reached: false, stopping: false };
  const claiming = new AbortController();
  const draining = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const health = await startHealthServer(config.healthPort, { ready: () => state.reached && !state.stopping });
  logger.info(
    {
      agentId: facts.agentId,
      version: facts.version,
      healthPort: health.port,
      concurrency: config.concurrency,
      errorReporting: config.errorReporting,
    },
    `vigil agent started; health on port ${health.port}`,
  );
  if (!config.browser.sandbox)
    logger.warn("SCRIPT_SANDBOX=off: checks' scripts run unsandboxed, with this agent's files and network (unsafe)");

  function start(run: ClaimedRun) {
    const running = executeClaimedRun(
      { client, runners: options.runners, scrubber, logger, localSecrets: config.localSecrets },
      run,
      draining.signal,
    )
      .catch((error: unknown) => logger.error({ err: error, runId: run.id }, "run crashed"))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  const looping = claimLoop({ client, concurrency: config.concurrency, state, inFlight, claiming, logger }, start);

  let stopped: Promise<void> | null = null;
  return {
    agentId: facts.agentId,
    healthPort: health.port,
    logger,
    reporter,
    stop(): Promise<void> {
      stopped ??= (async () => {
        state.stopping = true;
        claiming.abort();
        logger.info({ inFlight: inFlight.size }, "shutting down: finishing runs under way");
        await looping;
        const drained = await Promise.race([
          Promise.all(inFlight).then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), DRAIN_MS).unref()),
        ]);
        if (!drained) {
          logger.warn({ inFlight: inFlight.size }, "runs still under way after 30 s: stopping them");
          draining.abort();
          await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 2_000).unref())]);
        }
        await reporter.flush();
        await new Promise((resolve) => health.server.close(resolve));
        health.server.closeAllConnections();
        await client.close().catch(() => undefined);
        logger.info("stopped");
      })();
      return stopped;
    },
  };
}

/**
 * Claims runs while the agent is not stopping, as many as it has free slots, and starts each;
 * backs off (up to 30 s) while the service cannot be reached or refuses the key.
 */
async function claimLoop(
  agent: {
    client: ReturnType<typeof createServiceClient>;
    concurrency: number;
    state: { reached: boolean; stopping: boolean };
    inFlight: Set<Promise<unknown>>;
    claiming: AbortController;
    logger: ReturnType<typeof createAgentLogger>;
  },
  start: (run: ClaimedRun) => void,
) {
  const { client, state, inFlight, claiming, logger } = agent;
  let backoff = 500;
  let gathered = false;
  while (!state.stopping) {
    const free = agent.concurrency - inFlight.size;
    if (free <= 0) {
      await Promise.race(inFlight);
      continue;
    }
    // Claims are gathered a little (up to half the slots, for at most GATHER_MS): one claim for
    // several runs costs the service far less than one claim per run.
    if (inFlight.size > 0 && free < Math.ceil(agent.concurrency / 2) && !gathered) {
      gathered = true;
      await Promise.race([Promise.race(inFlight), new Promise((r) => setTimeout(r, GATHER_MS))]);
      continue;
    }
    gathered = false;
    try {
      // The first claim does not wait, so that readiness tells quickly whether the service is reachable.
      const runs = await client.claim(free, state.reached ? CLAIM_WAIT_MS : 0, claiming.signal);
      if (!state.reached) logger.info("connected to the service");
      state.reached = true;
      backoff = 500;
      for (const run of runs) start(run);
    } catch (error) {
      if (state.stopping) break;
      const refused = error instanceof ServiceError && (error.status === 401 || error.status === 403);
      // A refused key (revoked, or its location deleted) leaves the agent unable to claim: not ready.
      if (refused) state.reached = false;
      if (refused) logger.error({ err: error }, "the service refused the agent key");
      else logger.warn({ err: error }, "claiming runs failed; retrying");
      await sleep(backoff, claiming.signal);
      backoff = Math.min(backoff * 2, 30_000);
    }
  }
}
