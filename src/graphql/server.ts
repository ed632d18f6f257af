import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ValidationRule } from "graphql";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { createYoga } from "graphql-yoga";
import type { AppContext } from "../app-context.js";
import { buildContext, type GraphQLContext } from "./context.js";
import { maxDepthRule } from "./depth-limit.js";
import { maskError, yogaLogging } from "./errors.js";
import { renderGraphiQL, serveGraphiQLAssets } from "./graphiql.js";
import { schema } from "./schema.js";
import { headerValue, mountGraphQLWs } from "./ws.js";

export const GRAPHQL_PATH = "/graphql";

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

/**
 * graphql-yoga mounted on Fastify at /graphql (HTTP, SSE, and GraphiQL with its assets served
 * from the package) plus graphql-ws on the same path (ws.ts).
 */
export function mountGraphQL(app: FastifyInstance, context: AppContext) {
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: { subscriptionsProtocol: "WS" },
    renderGraphiQL,
    landingPage: false,
    logging: yogaLogging(context.logger),
    maskedErrors: { maskError },
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
  serveGraphiQLAssets(app);

  const ws = mountGraphQLWs(context, yoga as never, GRAPHQL_PATH);
  return { yoga, attach: ws.attach, close: ws.close };
}
