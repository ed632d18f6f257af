import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "../auth/authenticate.js";
import type { AppContext } from "../app-context.js";
import { errorBody } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth hook on every /v1 and /v2 request. */
    caller: Caller;
  }
}

/** Resource routes of one API version; src/rest/v1 and src/rest/v2 add theirs here. */
export type RouteModule = (scope: FastifyInstance, context: AppContext) => void | Promise<void>;
export const versions: Record<"/v1" | "/v2", RouteModule[]> = { "/v1": [], "/v2": [] };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The REST adapter: /v1 and /v2 behind the shared authenticator. Routes stay thin: rename
 * fields, call a domain verb, map the result; errors go through src/rest/errors.ts.
 */
export async function restPlugin(app: FastifyInstance, { context }: { context: AppContext }) {
  app.decorateRequest("caller", null as unknown as Caller);
  for (const [prefix, modules] of Object.entries(versions)) {
    await app.register(
      async (scope) => {
        // Authentication runs before routing decides anything, so an unknown path leaks nothing either.
        scope.addHook("onRequest", async (request) => {
          request.caller = await context.auth.authenticate({
            authorization: header(request, "authorization"),
            serviceAccount: header(request, "x-service-account"),
          });
        });
        scope.setNotFoundHandler((request, reply) => reply.status(404).send(errorBody(404, `no route ${request.method} ${request.url.split("?")[0]}`)));
        for (const register of modules) await register(scope, context);
      },
      { prefix },
    );
  }
}
