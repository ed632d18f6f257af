import type { FastifyInstance } from "fastify";

export const HEALTH_PATHS = new Set(["/-/readiness", "/-/liveness", "/health"]);

/**
 * Health endpoints of docs/decisions.md: no auth; readiness turns 503 as soon as shutdown begins.
 * With Redis configured, /health says whether it is reached (`redisConnected`); readiness does not
 * depend on it: an instance without Redis still serves.
 */
export function registerHealth(
  app: FastifyInstance,
  state: { draining: boolean; startedAt: number },
  redisConnected?: () => boolean,
) {
  app.get("/-/readiness", async (_request, reply) =>
    state.draining ? reply.status(503).send({ status: "shutting down" }) : { status: "ready" },
  );
  app.get("/-/liveness", async () => ({ status: "alive" }));
  app.get("/health", async () => ({
    status: "ok",
    uptimeSeconds: Math.round((Date.now() - state.startedAt) / 1000),
    ...(redisConnected ? { redis: redisConnected() ? "connected" : "unreachable" } : {}),
  }));
}
