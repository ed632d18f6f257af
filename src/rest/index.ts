import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "../auth/authenticate.js";
import { domainContext, type AppContext } from "../app-context.js";
import { AGENT_PREFIX, agentPlugin } from "./agent/index.js";
import { agentRoutes, documented } from "./agent/routes.js";
import { queryParameterNames } from "../domain/shared/schemas.js";
import { parseInput } from "../domain/shared/validation.js";
import { docsPage } from "./docs.js";
import { errorBody } from "../http/errors.js";
import { IDEMPOTENCY_HEADER, isCreation, sendIdempotently } from "./idempotency.js";
import { openApiDocument } from "./openapi.js";
import { fastifyPath, JsonText, type Route } from "./route.js";
import { routes } from "./routes.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth hook on every /v1 and /v2 request. */
    caller: Caller;
  }
}

const JSON_TYPE = "application/json; charset=utf-8";

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function register(scope: FastifyInstance, app: AppContext, route: Route, prefix: string) {
  // Heartbeat pings and badges stay lenient: cron jobs and scripts add cache-busting or tracking parameters.
  const queryNames = route.auth === false && !route.strictQuery ? null : queryParameterNames(route.query);
  scope.route({
    method: route.method,
    url: fastifyPath(route.path.slice(prefix.length)),
    handler: async (request, reply) => {
      if (queryNames) parseInput(queryNames, request.query, "query");
      const ctx = domainContext(app, route.auth === false ? "" : request.caller.accountId);
      let signal: AbortSignal | undefined;
      const run = () =>
        route.handler({
          ctx,
          params: request.params as Record<string, string>,
          query: request.query as Record<string, unknown>,
          body: request.body,
          request,
          reply,
          // Made on first use: most handlers never wait.
          get signal() {
            if (!signal) {
              const gone = new AbortController();
              reply.raw.once("close", () => gone.abort());
              signal = AbortSignal.any([gone.signal, app.shutdown]);
            }
            return signal;
          },
        });
      const key = isCreation(route) ? request.headers[IDEMPOTENCY_HEADER] : undefined;
      if (key !== undefined) return sendIdempotently({ ctx, key, request, reply, status: route.status }, run);
      const result = await run();
      if (reply.sent) return reply;
      if (route.status === 204) return reply.status(204).send();
      if (result instanceof JsonText) return reply.status(route.status).type(JSON_TYPE).send(result.text);
      return reply.status(route.status).send(result);
    },
  });
}

/**
 * The REST adapter: the routes of src/rest/routes.ts, /v1 and /v2 behind the shared
 * authenticator, plus /openapi.json and /docs generated from the same list.
 */
export async function restPlugin(scope: FastifyInstance, { context }: { context: AppContext }) {
  scope.decorateRequest("caller", null as unknown as Caller);
  for (const prefix of ["/v1", "/v2"]) {
    await scope.register(
      async (version) => {
        // Authentication runs before routing decides anything, so an unknown path leaks nothing either.
        version.addHook("onRequest", async (request) => {
          request.caller = await context.auth.authenticate({
            authorization: header(request, "authorization"),
            serviceAccount: header(request, "x-service-account"),
          });
        });
        version.setNotFoundHandler((request, reply) =>
          reply.status(404).send(errorBody(404, `no route ${request.method} ${request.url.split("?")[0]}`)),
        );
        for (const route of routes)
          if (route.auth !== false && route.path.startsWith(`${prefix}/`)) register(version, context, route, prefix);
      },
      { prefix },
    );
  }
  // Key-less routes (heartbeat pings) are called by cron jobs and shell scripts that send any
  // body (`curl -d x`): a body of another type than JSON is read and thrown away, never a 415.
  await scope.register(async (open) => {
    open.addContentTypeParser("*", (_request, payload, done) => {
      payload.resume();
      payload.once("end", () => done(null, undefined));
      payload.once("error", (error) => done(error, undefined));
    });
    for (const route of routes) if (route.auth === false) register(open, context, route, "");
  });

  // The private-location agent's API: its own key kind and scope (src/rest/agent).
  await scope.register(agentPlugin, { context, prefix: AGENT_PREFIX });

  // Built at the first request and kept: the document is large (1.5 MB, every route's schemas
  // inlined) and never changes while running, and most instances are never asked for it. Sent as
  // Buffers, which every response shares: a string is copied into each response's write (1.5 MB
  // per unread answer, 3.4 MB per socket for a client pipelining four).
  let docs: { json: Buffer; page: Buffer } | undefined;
  const built = () => {
    if (docs) return docs;
    const document = openApiDocument([...routes, ...agentRoutes.map(documented)]);
    docs = { json: Buffer.from(JSON.stringify(document)), page: Buffer.from(docsPage(document)) };
    return docs;
  };
  scope.get("/openapi.json", async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(built().json),
  );
  scope.get("/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").send(built().page));
}
