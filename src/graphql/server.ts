import type { IncomingMessage, Server } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError, type ExecutionArgs, type ValidationRule } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { PothosValidationError } from "@pothos/core";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { createYoga } from "graphql-yoga";
import { WebSocketServer } from "ws";
import type { AppContext } from "../app-context.js";
import { DomainError } from "../domain/errors.js";
import { buildContext, toGraphQLError, type GraphQLContext } from "./context.js";
import { maxDepthRule } from "./depth-limit.js";
import { schema } from "./schema.js";

export const GRAPHQL_PATH = "/graphql";

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

function headerValue(value: string | string[] | undefined | null): string | undefined {
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

/** graphql-yoga mounted on Fastify at /graphql (HTTP, SSE and GraphiQL) plus graphql-ws on the same path. */
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

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const onUpgrade = (req: IncomingMessage, socket: import("node:stream").Duplex, head: Buffer) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path !== GRAPHQL_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  };
  const attach = (server: Server) => server.on("upgrade", onUpgrade);

  type Extra = { request: IncomingMessage; caller?: GraphQLContext["caller"] };
  const wsServer = useServer<Record<string, unknown> | undefined, Extra>(
    {
      // The key comes from connectionParams.authorization, else from the upgrade request's header.
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const authorization =
          headerValue(params.authorization as string | undefined) ??
          headerValue(ctx.extra.request.headers.authorization);
        const serviceAccount =
          headerValue(params["x-service-account"] as string | undefined) ??
          headerValue(ctx.extra.request.headers["x-service-account"]);
        try {
          ctx.extra.caller = (await buildContext(context, { authorization, serviceAccount }, "")).caller;
          return true;
        } catch {
          return false; // graphql-ws closes with 4403 Forbidden
        }
      },
      execute: (args) => (args.rootValue as { execute: (a: ExecutionArgs) => unknown }).execute(args) as never,
      subscribe: (args) => (args.rootValue as { subscribe: (a: ExecutionArgs) => unknown }).subscribe(args) as never,
      onSubscribe: async (ctx, _id, payload) => {
        const {
          schema: enveloped,
          execute,
          subscribe,
          parse,
          validate,
        } = yoga.getEnveloped({ req: ctx.extra.request, params: payload });
        let document: ReturnType<typeof parse>;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
        }
        const errors = validate(enveloped, document);
        if (errors.length > 0) return errors;
        const host = headerValue(ctx.extra.request.headers.host) ?? `${context.config.host}:${context.config.port}`;
        const contextValue: GraphQLContext = {
          app: context,
          caller: ctx.extra.caller ?? null,
          loaders: new Map(),
          baseUrl: `http://${host}`,
        };
        return {
          schema: enveloped,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
          rootValue: { execute, subscribe },
        };
      },
      onError: (_ctx, _id, _payload, errors) => {
        for (const error of errors)
          if (!(error.originalError instanceof DomainError)) context.logger.debug({ err: error }, "graphql-ws error");
      },
    },
    wss,
  );

  return {
    yoga,
    attach,
    /** Closes every WebSocket with 1001 (going away) so that clients reconnect elsewhere. */
    async close() {
      for (const client of wss.clients) client.close(1001, "server shutting down");
      await wsServer.dispose();
    },
  };
}
