import { useGraphQLSSE } from "@graphql-yoga/plugin-graphql-sse";
import type { Plugin } from "graphql-yoga";

/**
 * graphql-sse's single connection mode on `path` (its client's `singleConnection: true`): a PUT
 * reserves a stream, a GET or POST with the token opens it, a POST carrying the token header
 * (x-graphql-event-stream-token) runs an operation on it, a DELETE stops one. Only these requests
 * go to the graphql-sse handler; every other request on the path stays yoga's (queries,
 * mutations, and its own SSE, which is graphql-sse's distinct connections mode).
 */
export function singleConnectionSse(path: string): Plugin {
  const plugin = useGraphQLSSE({ endpoint: path }) as Plugin;
  const onRequest = plugin.onRequest!;
  return {
    ...plugin,
    onRequest(payload) {
      const { request } = payload;
      const url = new URL(request.url);
      if (url.pathname !== path) return;
      const singleConnection =
        request.method === "PUT" ||
        request.method === "DELETE" ||
        request.headers.has("x-graphql-event-stream-token") ||
        url.searchParams.has("token");
      if (singleConnection) return onRequest(payload);
    },
  };
}
