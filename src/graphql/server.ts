import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { useGraphQlJit } from "@envelop/graphql-jit";
import { getOperationAST } from "graphql";
import { createYoga } from "graphql-yoga";
import type { AppContext } from "../app-context.js";
import { buildContext, type GraphQLContext, type WebRequest } from "./context.js";
import { useLimitedDocumentCache } from "./document-cache.js";
import { sharedSubscriptions } from "./subscriptions/shared-execution.js";
import { maskError, yogaLogging } from "./errors.js";
import { useMetrics } from "./metrics.js";
import { answerCache } from "./answer-cache.js";
import { graphiqlAssets, renderGraphiQL } from "./graphiql.js";
import { schema } from "./schema.js";
import { useSelection } from "./selection.js";
import { singleConnectionSse } from "./sse.js";
import { validationLimits } from "./validation-limits.js";
import { openWebRequest, trackEventStream } from "./web-request.js";
import { headerValue, mountGraphQLWs } from "./ws.js";

export const GRAPHQL_PATH = "/graphql";

/**
 * A whole answer's bytes as a Buffer, not copied when it is one: whatwg-node's response hands over
 * the Buffer it holds (the bytes a result's `stringify` returned, answer-cache.ts, or those it
 * encoded from yoga's string), and `Buffer.from` of it copied 282 KiB for a nested answer.
 */
function answerBytes(body: ArrayBuffer | Uint8Array): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer);
}

/** Answers that stream (SSE, incremental delivery); every other answer is whole when yoga returns it. */
const STREAMED = /^(text\/event-stream|multipart\/)/;

type ServerContext = { req: FastifyRequest; reply: FastifyReply; web: WebRequest };

/**
 * graphql-yoga mounted on Fastify at /graphql: HTTP, SSE (yoga's own, which is graphql-sse's
 * distinct connections mode, and graphql-sse's single connection mode), GraphiQL with its assets
 * served from the package, plus graphql-ws on the same path.
 */
export function mountGraphQL(app: FastifyInstance, context: AppContext) {
  const documents = useLimitedDocumentCache({ maxDocumentBytes: context.config.graphqlMaxDocumentBytes });
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: { subscriptionsProtocol: "WS" },
    renderGraphiQL,
    landingPage: false,
    // Any origin may call the API with a key (as before), but never with the browser's credentials:
    // yoga's default would answer every origin's preflight with Allow-Credentials, offering the
    // session cookie to other sites (refused anyway by the Origin rule, same-origin.ts).
    cors: { credentials: false },
    logging: yogaLogging(context.logger),
    maskedErrors: { maskError },
    // Replaced by `documents`, which checks the limits before caching and is bounded in bytes.
    parserAndValidationCache: false,
    plugins: [
      useMetrics(context.metrics),
      documents,
      ...validationLimits(),
      singleConnectionSse(GRAPHQL_PATH),
      sharedSubscriptions(),
      answerCache(context.events),
      useSelection(),
      useGraphQlJit(
        {},
        { enableIf: (args) => getOperationAST(args.document, args.operationName)?.operation === "query" },
      ),
      graphiqlAssets(),
      ...(context.config.graphqlIntrospection ? [] : [useDisableIntrospection()]),
    ],
    context: ({ request, web }) =>
      buildContext(
        context,
        {
          authorization: headerValue(request.headers.get("authorization")),
          serviceAccount: headerValue(request.headers.get("x-service-account")),
        },
        new URL(request.url).origin,
        web,
      ),
  });

  app.route({
    url: GRAPHQL_PATH,
    // PUT and DELETE: graphql-sse's single connection mode reserves and releases its stream with them.
    method: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    handler: async (req, reply) => {
      const web = await openWebRequest(context, req, reply);
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, web });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      const type = response.headers.get("content-type") ?? "";
      if (type.startsWith("text/event-stream")) trackEventStream(context, web, reply);
      // A whole answer goes out in one write, as yoga on node:http sends it: piping it as a web
      // stream cost a 282 KiB answer about a millisecond, and every small one a tenth of its CPU.
      if (STREAMED.test(type)) reply.send(response.body);
      else reply.send(answerBytes(await response.arrayBuffer()));
      return reply;
    },
  });

  const ws = mountGraphQLWs(context, yoga as never, GRAPHQL_PATH);
  return { yoga, attach: ws.attach, close: ws.close, cachedDocumentBytes: documents.cachedBytes };
}
