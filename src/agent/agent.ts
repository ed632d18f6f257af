import { ClaimLoop } from "../platform/claim-loop.js";
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

  const loop = new ClaimLoop<number, ClaimedRun>({
    ...agentClaims({ client, concurrency: config.concurrency, state, logger }),
    keyOf: (run) => run.id,
    run: (run, signal) =>
      executeClaimedRun(
        { client, runners: options.runners, scrubber, logger, localSecrets: config.localSecrets },
        run,
        signal,
      ).then(
        () => undefined,
        (error: unknown) => logger.error({ err: error, runId: run.id }, "run crashed"),
      ),
  });

  let stopped: Promise<void> | null = null;
  return {
    agentId: facts.agentId,
    healthPort: health.port,
    logger,
    reporter,
    stop(): Promise<void> {
      stopped ??= (async () => {
        state.stopping = true;
        logger.info({ inFlight: loop.tasks.size }, "shutting down: finishing runs under way");
        await loop.stopClaiming();
        if (!(await loop.drain(DRAIN_MS))) {
          logger.warn({ inFlight: loop.tasks.size }, "runs still under way after 30 s: stopping them");
          await loop.abandon(2_000);
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
 * The agent's claim policy (ClaimLoop): as many runs as it has free slots, by long-poll (the
 * first claim does not wait, so that readiness tells quickly whether the service is reachable);
 * while runs are under way and fewer than half the slots are free, it first waits up to GATHER_MS
 * for more (one claim for several runs costs the service far less than one per run). It backs off
 * (up to 30 s) while the service cannot be reached or refuses the key.
 */
function agentClaims(agent: {
  client: ReturnType<typeof createServiceClient>;
  concurrency: number;
  state: { reached: boolean; stopping: boolean };
  logger: ReturnType<typeof createAgentLogger>;
}) {
  const { client, state, logger } = agent;
  let backoff = 500;
  let gathered = false;
  return {
    plan: (underway: number) => {
      const free = agent.concurrency - underway;
      if (free <= 0) return { waitMs: Number.POSITIVE_INFINITY, untilFinish: true };
      if (underway > 0 && free < Math.ceil(agent.concurrency / 2) && !gathered) {
        gathered = true;
        return { waitMs: GATHER_MS, untilFinish: true };
      }
      gathered = false;
      return { claim: free };
    },
    claim: async (limit: number, signal: AbortSignal): Promise<ClaimedRun[]> => {
      try {
        const runs = await client.claim(limit, state.reached ? CLAIM_WAIT_MS : 0, signal);
        if (!state.reached) logger.info("connected to the service");
        state.reached = true;
        backoff = 500;
        return runs;
      } catch (error) {
        if (signal.aborted) return [];
        const refused = error instanceof ServiceError && (error.status === 401 || error.status === 403);
        // A refused key (revoked, or its location deleted) leaves the agent unable to claim: not ready.
        if (refused) state.reached = false;
        if (refused) logger.error({ err: error }, "the service refused the agent key");
        else logger.warn({ err: error }, "claiming runs failed; retrying");
        await sleep(backoff, signal);
        backoff = Math.min(backoff * 2, 30_000);
        return [];
      }
    },
    after: () => ({ waitMs: 0 }),
  };
}
