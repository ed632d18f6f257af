import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ExecutionArgs } from "graphql";
import { GraphQLError } from "graphql";
import type { Context, SubscribePayload } from "graphql-ws";
import { type Extra as WsExtra, useServer } from "graphql-ws/use/ws";
import type { YogaServerInstance } from "graphql-yoga";
import { WebSocketServer } from "ws";
import type { AppContext } from "../app-context.js";
import { clientAddress } from "../auth/keyless-limit.js";
import { cookieValue, SESSION_COOKIE } from "../auth/session-cookie.js";
import { DomainError, RateLimitedError } from "../domain/shared/errors.js";
import { rawErrorResponse } from "../http/errors.js";
import { buildContext, toGraphQLError, type GraphQLContext } from "./context.js";
import { attachFrames } from "./subscriptions/frames.js";
import { eventContext, sharingKey } from "./subscriptions/sharing.js";
import { foreignCookieUpgrade, trackSocket } from "./web-request.js";

/** What a WebSocket's connection carries from onConnect to each of its subscriptions. */
type Extra = {
  request: IncomingMessage;
  caller?: GraphQLContext["caller"];
  session?: GraphQLContext["session"];
};
type Yoga = YogaServerInstance<Record<string, unknown>, GraphQLContext>;

/** What onSubscribe hands to graphql-ws's execute and subscribe: yoga's enveloped functions. */
type Root = { execute: (args: ExecutionArgs) => unknown; subscribe: (args: ExecutionArgs) => unknown };

export function headerValue(value: string | string[] | undefined | null): string | undefined {
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

/**
 * connectionParams with lower-case keys: clients send `Authorization` as readily as
 * `authorization` (HTTP header names are case-insensitive, and these stand in for headers).
 */
export function paramsOf(connectionParams: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(connectionParams ?? {}).map(([key, value]) => [key.toLowerCase(), value]));
}

const stringParam = (value: unknown) => (typeof value === "string" ? value : undefined);

/** graphql-ws on /graphql, executing through yoga's envelop (same schema, validation rules, masking). */
export function mountGraphQLWs(context: AppContext, yoga: Yoga, path: string) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const onUpgrade = upgradeHandler(context, wss, path);
  const wsServer = useServer<Record<string, unknown> | undefined, Extra>(
    {
      // The key comes from connectionParams' authorization (any case), else from the upgrade
      // request's header; without one, the session cookie of the upgrade (its Origin checked there).
      onConnect: async (ctx) => {
        const params = paramsOf(ctx.connectionParams);
        const headers = ctx.extra.request.headers;
        const authorization = stringParam(params.authorization) ?? headerValue(headers.authorization);
        const serviceAccount = stringParam(params["x-service-account"]) ?? headerValue(headers["x-service-account"]);
        const session = cookieValue(headers, SESSION_COOKIE);
        try {
          const built = await buildContext(context, { authorization, serviceAccount, session }, "");
          ctx.extra.caller = built.caller;
          ctx.extra.session = built.session;
          if (built.session) trackSocket(context, built.session, ctx.extra.socket);
          return true;
        } catch {
          return false; // graphql-ws closes with 4403 Forbidden
        }
      },
      execute: (args) => (args.rootValue as Root).execute(args) as never,
      subscribe: (args) => (args.rootValue as Root).subscribe(args) as never,
      onSubscribe: subscribeHandler(context, yoga),
      onError: (_ctx, _id, _payload, errors) => {
        for (const error of errors)
          if (!(error.originalError instanceof DomainError)) context.logger.debug({ err: error }, "graphql-ws error");
      },
    },
    wss,
  );

  return {
    attach: (server: Server) => server.on("upgrade", onUpgrade),
    /** Closes every WebSocket with 1001 (going away) so that clients reconnect elsewhere. */
    async close() {
      for (const client of wss.clients) client.close(1001, "server shutting down");
      await wsServer.dispose();
    },
  };
}

/**
 * The server's 'upgrade' listener: a 404 off `path`, a 503 while stopping, a 403 for a cookie
 * from another origin, the key-less limit for an upgrade without a key, else graphql-ws's socket.
 */
function upgradeHandler(context: AppContext, wss: WebSocketServer, path: string) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = URL.canParse(req.url ?? "/", "http://localhost")
      ? new URL(req.url ?? "/", "http://localhost").pathname
      : (req.url ?? "");
    if (pathname !== path || context.shutdown.aborted) {
      socket.on("error", () => {});
      socket.end(
        pathname !== path
          ? rawErrorResponse(404, `no WebSocket endpoint at ${pathname}: GraphQL subscriptions are at ${path}`)
          : rawErrorResponse(503, "the server is shutting down; retry the request", {
              headers: { "retry-after": "1" },
            }),
      );
      return;
    }
    // A browser sends the session cookie with any page's WebSocket: only our own pages may use it.
    if (foreignCookieUpgrade(context, req)) {
      socket.on("error", () => {});
      socket.end(rawErrorResponse(403, "a WebSocket signed in by cookie must come from this service's own origin"));
      return;
    }
    // An upgrade without an Authorization header is key-less traffic, as an HTTP request would be
    // (the key usually comes later, in connectionParams; key-less operations are counted again below).
    const counted =
      req.headers.authorization === undefined ? context.auth.limitKeyless(addressOf(context, req)) : undefined;
    void Promise.resolve(counted).then(
      () => wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req)),
      (error: unknown) => {
        socket.on("error", () => {});
        const retryAfter = error instanceof RateLimitedError ? error.retryAfterSeconds : 60;
        socket.end(
          rawErrorResponse(429, "too many requests without a key from this address", {
            headers: { "retry-after": String(retryAfter) },
          }),
        );
      },
    );
  };
}

/**
 * graphql-ws's onSubscribe: the key-less limit for a socket without a key, the operation parsed
 * and validated through yoga's envelop, its context, and its events' frames (subscriptions/frames.ts).
 */
function subscribeHandler(context: AppContext, yoga: Yoga) {
  return async (
    ctx: Context<Record<string, unknown> | undefined, WsExtra & Partial<Extra>>,
    id: string,
    payload: SubscribePayload,
  ) => {
    if (!ctx.extra.caller) {
      try {
        await context.auth.limitKeyless(addressOf(context, ctx.extra.request));
      } catch (error) {
        if (error instanceof RateLimitedError) return [toGraphQLError(error)];
        throw error;
      }
    }
    const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({
      req: ctx.extra.request,
      params: payload,
    });
    let document: ReturnType<typeof parse>;
    try {
      document = parse(payload.query);
    } catch (error) {
      return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
    }
    const errors = validate(schema, document);
    if (errors.length > 0) return errors;
    const host = headerValue(ctx.extra.request.headers.host) ?? `${context.config.host}:${context.config.port}`;
    const contextValue: GraphQLContext = {
      app: context,
      caller: ctx.extra.caller ?? null,
      session: ctx.extra.session ?? null,
      web: null,
      loaders: new Map(),
      baseUrl: `http://${host}`,
    };
    const operation = { document, operationName: payload.operationName, variableValues: payload.variables };
    // A subscription's events are executed and sent by its group (subscriptions/frames.ts).
    attachFrames(contextValue, {
      socket: ctx.extra.socket,
      id,
      key: sharingKey({ ...operation, contextValue }),
      execute: (rootValue) =>
        execute({ schema, ...operation, rootValue, contextValue: eventContext(contextValue) }) as never,
    });
    return {
      schema,
      document,
      operationName: payload.operationName,
      variableValues: payload.variables,
      contextValue,
      rootValue: { execute, subscribe } satisfies Root,
    };
  };
}

const addressOf = (context: AppContext, req: IncomingMessage) =>
  clientAddress(req.headers, req.socket.remoteAddress, context.config.trustProxy);
