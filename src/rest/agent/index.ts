import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.js";
import { domainContext } from "../../app-context.js";
import { authenticateAgent, type AgentCaller } from "../../domain/agents/index.js";
import { errorBody } from "../../http/errors.js";
import { fastifyPath } from "../route.js";
import { agentRoutes, type AgentRoute } from "./routes.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the agent API's auth hook on every /agent/v1 request. */
    agent: AgentCaller;
  }
}

export const AGENT_PREFIX = "/agent/v1";

function register(scope: FastifyInstance, app: AppContext, route: AgentRoute) {
  scope.route({
    method: route.method,
    url: fastifyPath(route.path.slice(AGENT_PREFIX.length)),
    handler: async (request: FastifyRequest, reply) => {
      const { accountId, privateLocationId, slugName, keyId } = request.agent;
      const gone = new AbortController();
      // "close" also follows a sent answer: only one before it means the agent went away.
      reply.raw.once("close", () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const result = await route.handler({
        ctx: { ...domainContext(app, accountId), privateLocationId, slugName, keyId },
        params: request.params as Record<string, string>,
        body: request.body,
        signal: AbortSignal.any([gone.signal, app.shutdown]),
        departed: gone.signal,
        // RUN_LEASE_MS, the lease the service's own runners take too.
        leaseMs: app.config.runLeaseMs,
        headers: request.headers,
        assets: app.assets,
      });
      return reply.status(route.status).send(result);
    },
  });
}

/**
 * The agent API under /agent/v1: authenticated by an agent key (not an API key), scoped to the
 * key's private location, not rate limited (agents long-poll). Errors use the REST error body.
 */
export async function agentPlugin(scope: FastifyInstance, { context }: { context: AppContext }) {
  scope.decorateRequest("agent", null as unknown as AgentCaller);
  // Authentication runs before routing, so an unknown path tells a keyless caller nothing.
  scope.addHook("onRequest", async (request) => {
    const value = request.headers.authorization;
    request.agent = await authenticateAgent({
      ctx: { db: context.database.prisma },
      authorization: Array.isArray(value) ? value[0] : value,
    });
  });
  scope.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody(404, `no route ${request.method} ${request.url.split("?")[0]}`)),
  );
  for (const route of agentRoutes) if (!route.bodyType) register(scope, context, route);
  // File uploads: the body is handed to the handler as a stream, whatever its type (the domain
  // checks the type against its allow-list and counts the bytes; the 1 MiB JSON limit is not theirs).
  await scope.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    for (const route of agentRoutes) if (route.bodyType) register(uploads, context, route);
  });
}
