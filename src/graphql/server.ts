import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError, type ValidationRule } from "graphql";
import { PothosValidationError } from "@pothos/core";
import { DomainError } from "../domain/errors.js";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { createYoga } from "graphql-yoga";
import type { AppContext } from "../app-context.js";
import { buildContext, toGraphQLError, type GraphQLContext } from "./context.js";
import { maxDepthRule } from "./depth-limit.js";
import { schema } from "./schema.js";
import { headerValue, mountGraphQLWs } from "./ws.js";

export const GRAPHQL_PATH = "/graphql";

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

/** graphql-yoga mounted on Fastify at /graphql (HTTP, SSE and GraphiQL) plus graphql-ws on the same path (ws.ts). */
export function mountGraphQL(app: FastifyInstance, context: AppContext) {
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: { subscriptionsProtocol: "WS" },
    landingPage: false,
    logging: {
      debug: (...args) => context.logger.debug({ args }, "graphql"),
      info: (...args) => context.logger.info({ args }, "graphql"),
      warn: (...args) => context.logger.warn({ args }, "graphql"),
      error: (...args) => context.logger.error({ args }, "graphql"),
    },
    // Domain errors are for the client (with their code); anything else is masked as internal.
    maskedErrors: {
      maskError: (error, message) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof DomainError) return toGraphQLError(original);
        // Pothos refuses an argument itself (a global id of the wrong type): the client's mistake.
        if (original instanceof PothosValidationError)
          return new GraphQLError(original.message, { extensions: { code: "BAD_USER_INPUT" } });
        // A GraphQLError made on purpose (ours, or graphql-js's own) passes; a stray Error does not.
        if (error instanceof GraphQLError && (!original || original instanceof GraphQLError)) return error;
        context.logger.error({ err: original ?? error }, "graphql internal error");
        return new GraphQLError(message, { extensions: { code: "INTERNAL_SERVER_ERROR" } });
      },
    },
    plugins: [
      {
        onValidate: ({ addValidationRule }: { addValidationRule: (rule: ValidationRule) => void }) =>
          addValidationRule(maxDepthRule()),
      },
      ...(context.config.graphqlIntrospection ? [] : [useDisableIntrospection()]),
    ],
    context: ({ request }) =>
      buildContext(
        context,
        {
          authorization: headerValue(request.headers.get("authorization")),
          serviceAccount: headerValue(request.headers.get("x-service-account")),
        },
        new URL(request.url).origin,
      ),
  });

  app.route({
    url: GRAPHQL_PATH,
    method: ["GET", "POST", "OPTIONS"],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  const ws = mountGraphQLWs(context, yoga as never, GRAPHQL_PATH);
  return { yoga, attach: ws.attach, close: ws.close };
}
