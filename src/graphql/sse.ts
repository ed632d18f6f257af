import { useGraphQLSSE } from "@graphql-yoga/plugin-graphql-sse";
import { GraphQLError } from "graphql";
import type { Plugin, YogaServerInstance } from "graphql-yoga";

type Params = { query?: unknown; operationName?: string };

/**
 * graphql-sse's single connection mode on `path` (its client's `singleConnection: true`): a PUT
 * reserves a stream, a GET or POST with the token opens it, a POST carrying the token header
 * (x-graphql-event-stream-token) runs an operation on it, a DELETE stops one. Only these requests
 * go to the graphql-sse handler; every other request on the path stays yoga's (queries,
 * mutations, and its own SSE, which is graphql-sse's distinct connections mode).
 *
 * An operation is parsed and validated here first (through yoga's plugins, so with the document
 * limits and cache of document-cache.ts): graphql-sse answers a document that fails to parse with
 * a 500 and one that fails validation with "Unable to detect operation AST"; here both are a 400
 * with the errors themselves, as on every other transport.
 */
export function singleConnectionSse(path: string): Plugin {
  const plugin = useGraphQLSSE({ endpoint: path }) as Plugin;
  const onRequest = plugin.onRequest!;
  let yoga: YogaServerInstance<Record<string, unknown>, Record<string, unknown>> | undefined;

  // The body as Fastify parsed it (server.ts passes its request as the server context): the
  // yoga request's own body can be read only once, and graphql-sse reads it next.
  const refusal = (request: Request, serverContext: unknown): GraphQLError[] | null => {
    if (request.method !== "POST" || !request.headers.has("x-graphql-event-stream-token") || !yoga) return null;
    const params = (serverContext as { req?: { body?: Params } } | undefined)?.req?.body;
    if (typeof params?.query !== "string") return null;
    const { parse, validate, schema } = yoga.getEnveloped({ request, params });
    try {
      return [...validate(schema, parse(params.query))] as GraphQLError[];
    } catch (error) {
      if (error instanceof GraphQLError) return [error];
      throw error;
    }
  };

  return {
    ...plugin,
    onYogaInit(payload) {
      yoga = payload.yoga as typeof yoga;
      return plugin.onYogaInit?.(payload);
    },
    onRequest(payload) {
      const { request, fetchAPI, endResponse, serverContext } = payload;
      const url = new URL(request.url);
      if (url.pathname !== path) return;
      const singleConnection =
        request.method === "PUT" ||
        request.method === "DELETE" ||
        request.headers.has("x-graphql-event-stream-token") ||
        url.searchParams.has("token");
      if (!singleConnection) return;
      const errors = refusal(request, serverContext);
      if (errors?.length) {
        // As yoga answers: the error without its `http` extension (which only set the status).
        const shown = errors.map(({ message, locations, extensions: { http: _http, ...extensions } }) => ({
          message,
          ...(locations ? { locations } : {}),
          extensions,
        }));
        const body = JSON.stringify({ errors: shown });
        const headers = { "content-type": "application/json; charset=utf-8" };
        return endResponse(new fetchAPI.Response(body, { status: 400, headers }));
      }
      return onRequest(payload);
    },
  };
}
