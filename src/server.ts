import { randomUUID } from "node:crypto";
import { Server as NetServer, type AddressInfo } from "node:net";
import Fastify, { LogController, type FastifyBaseLogger, type RouteOptions } from "fastify";
import type { AppContext } from "./app-context.js";
import { createAuthenticator } from "./auth/authenticate.js";
import { keylessLimitHook } from "./auth/keyless-limit.js";
import { createRateLimiter } from "./auth/rate-limit.js";
import { TEST_SENDS_PER_MINUTE } from "./domain/alert-channels/test-send.js";
import { createInProcessBus } from "./events/bus.js";
import { createRedisBus } from "./events/redis-bus.js";
import type { Config } from "./config.js";
import { prepareDatabase } from "./prepare-database.js";
import { redactUrl } from "./db/provider.js";
import { mountGraphQL } from "./graphql/server.js";
import { HEALTH_PATHS, registerHealth } from "./health.js";
import { drainRequest } from "./http/drain-body.js";
import { logUrl } from "./http/log-url.js";
import { createLogger, type Logger } from "./logger.js";
import { createMetrics } from "./metrics/metrics.js";
import { METRICS_PATH, registerMetricsRoute } from "./metrics/route.js";
import { clientErrorHandler, frameworkErrorHandler, watchResponses } from "./http/client-errors.js";
import { guardConnections } from "./http/connections.js";
import { guardSlowReaders } from "./http/slow-readers.js";
import { errorBody, sendError, sendShuttingDown } from "./http/errors.js";
import { restPlugin } from "./rest/index.js";
import { createFilesystemStore } from "./storage/filesystem.js";
import { startEngine, type Engine } from "./engine/engine.js";
import { engineSweeps } from "./engine/sweeps.js";
import { registerWeb } from "./web/index.js";
import { announceFirstRun } from "./web/first-run.js";
import { registerOperatorApp } from "./web/operator-app.js";
import { startDeliveryWorkers, type DeliveryWorkers } from "./delivery/worker.js";

export const BODY_LIMIT = 1024 * 1024;
/**
 * While draining, a keep-alive socket idle this long is closed. One idle for less is likely to
 * carry the client's next request any moment: closing it then would reset that request, so it is
 * left to receive its 503 with `Connection: close` instead.
 */
const DRAIN_IDLE_MS = 500;
/** After the listener closes, how long its last accepted sockets may take (within the exit's 2 s of grace). */
const LAST_DRAIN_MS = 1_000;
const netClose = NetServer.prototype.close;

/** What tests and benchmarks may set when building the service. */
export type BuildOptions = {
  logger?: Logger;
  onRoute?: (route: RouteOptions) => void;
  /** Every SQL statement (tests count them). */
  onQuery?: (sql: string) => void;
  /** The delivery workers' clock (tests move it instead of waiting for retries). */
  deliveryClock?: () => Date;
  /** The clock of assets' signed links (tests move it past their 15 minutes). */
  assetClock?: () => Date;
  /**
   * How often the key watch writes lastUsedAt and looks for revocations made elsewhere (default
   * 1000 ms); null: never (test apps, so that its SQL does not mix with the statements they count).
   */
  keyWatchMs?: number | null;
};

/** The service: REST (/v1, /v2), GraphQL (/graphql over HTTP, SSE and WebSocket) and health, on one port. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await prepareDatabase(config, logger, options.onQuery);
  const shutdown = new AbortController();
  const redisBus = config.redisUrl ? createRedisBus({ url: config.redisUrl, logger }) : null;
  // Subscribed before serving, so that this instance hears every event written after it answers;
  // an unreachable Redis does not hold the start (the bus connects when it can).
  await redisBus?.whenConnected(2_000);
  const events = redisBus ?? createInProcessBus();
  const context = appContextOf({ config, database, logger, events, redisBus, shutdown: shutdown.signal, options });
  const state = { draining: false, startedAt: Date.now(), inFlight: 0 };

  const app = fastifyOf(config, logger);
  app.decorate("assets", context.assets);
  // First: it moves Fastify's request handler, the only 'request' listener yet, behind its gate.
  const slowReaders = guardSlowReaders(app.server, config.http);
  const connections = guardConnections(app.server, config.http);
  watchResponses(app.server);
  addServiceHooks(app, context, state);
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  registerHealth(app, state, redisBus ? () => redisBus.redisConnected() : undefined);
  registerMetricsRoute(app, context.metrics, config.metricsToken);
  await app.register(restPlugin, { context });
  await registerWeb(app, context);
  // Any other GET is the operator app's (a client route), else a 404 (src/web/operator-app.ts).
  app.setNotFoundHandler(registerOperatorApp(app, context));
  const graphql = mountGraphQL(app, context);
  graphql.attach(app.server);

  let stopping: Promise<void> | null = null;
  let engine: Engine | null = null;
  let delivery: DeliveryWorkers | null = null;
  let stopKeyWatch = () => {};
  return {
    app,
    context,
    /** The estimated bytes of GraphQL's document cache (bounded; tests watch it). */
    graphqlCacheBytes: graphql.cachedDocumentBytes,
    /** The engine, once started (null when ENGINE_ENABLED=false or before start). */
    get engine(): Engine | null {
      return engine;
    },
    /** The alert delivery workers, started with the engine (null when ENGINE_ENABLED=false). */
    get delivery(): DeliveryWorkers | null {
      return delivery;
    },
    async start(): Promise<{ port: number; url: string }> {
      await app.listen({ port: config.port, host: config.host });
      const { port } = app.server.address() as AddressInfo;
      if (options.keyWatchMs !== null) stopKeyWatch = context.auth.watch(options.keyWatchMs ?? 1_000);
      if (config.engine.enabled)
        engine = startEngine(context, {
          concurrency: config.engine.concurrency,
          leaseMs: config.runLeaseMs,
          sweeps: engineSweeps,
        });
      if (config.engine.enabled)
        delivery = startDeliveryWorkers(context, {
          concurrency: config.deliveryConcurrency,
          ...(options.deliveryClock ? { now: options.deliveryClock } : {}),
        });
      const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
      const base = config.publicOrigin ? config.publicUrl : url;
      logger.info(
        { port, host: config.host, database: redactUrl(config.databaseUrl), app: `${base}/` },
        "vigil is ready",
      );
      await announceFirstRun(context, base);
      return { port, url };
    },
    /** Open connections, those refused by the caps, and those cut for not reading (benchmarks, metrics, tests). */
    connections: () => ({ ...connections.stats(), ...slowReaders.stats() }),
    /**
     * Graceful stop: readiness 503 at once; until every client has gone or SHUTDOWN_TIMEOUT_MS
     * passes, requests still arriving get 503 with `Connection: close`, in-flight ones finish (long
     * polls end at once), idle keep-alive sockets close; then everything closes.
     */
    stop(): Promise<void> {
      stopping ??= gracefulStop({
        app,
        context,
        state,
        connections,
        graphql,
        shutdown,
        stopKeyWatch,
        engine,
        delivery,
      });
      return stopping;
    },
  };
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** What the running service holds once (app-context.ts): the authenticator, limits, assets' store and metrics over the database and bus. */
function appContextOf({
  config,
  database,
  logger,
  events,
  redisBus,
  shutdown,
  options,
}: {
  config: Config;
  database: AppContext["database"];
  logger: Logger;
  events: AppContext["events"];
  redisBus: ReturnType<typeof createRedisBus> | null;
  shutdown: AbortSignal;
  options: { assetClock?: () => Date };
}): AppContext {
  return {
    config,
    database,
    logger,
    auth: createAuthenticator({
      db: database.prisma,
      rateLimitPerMinute: config.rateLimitPerMinute,
      keylessRateLimitPerMinute: config.keylessRateLimitPerMinute,
      events,
      redis: redisBus?.client ?? null,
    }),
    events,
    limits: {
      channelTests: createRateLimiter(TEST_SENDS_PER_MINUTE, {
        redis: redisBus?.client ?? null,
        prefix: "channel-test",
      }),
    },
    assets: {
      store: createFilesystemStore(config.artifacts.dir),
      maxRunBytes: config.artifacts.maxRunBytes,
      now: options.assetClock ?? (() => new Date()),
    },
    metrics: createMetrics({
      db: database.prisma,
      ...(redisBus ? { redisConnected: () => redisBus.redisConnected() } : {}),
      ...(database.checkpoints ? { sqliteCheckpoints: database.checkpoints } : {}),
    }),
    shutdown,
  };
}

/** The Fastify app: its logger, body limit, request ids, proxy trust and the HTTP timeouts of `config.http`. */
function fastifyOf(config: Config, logger: Logger) {
  return Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One log line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    trustProxy: config.trustProxy,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      // Node answers a missing Host with an empty 400 of its own; the hook below answers it with our body.
      requireHostHeader: false,
      // Node checks the two timeouts every 30 s by default: a slow client would get up to 30 s more.
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.http.headersTimeoutMs / 4))),
    },
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    clientErrorHandler: clientErrorHandler(config.http),
    frameworkErrors: frameworkErrorHandler,
  });
}

type ServiceState = { draining: boolean; startedAt: number; inFlight: number };

/**
 * What every request goes through: its count in flight, its id, the Host rule, the 503 while
 * draining (health probes excepted), the key-less limit, one log line and its metrics; errors in
 * our shape; JSON bodies only.
 */
function addServiceHooks(app: ReturnType<typeof fastifyOf>, context: AppContext, state: ServiceState) {
  app.server.on("request", (_req, res) => {
    state.inFlight++;
    res.once("close", () => state.inFlight--);
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (request.raw.httpVersion === "1.1" && !request.headers.host)
      return reply.status(400).send(errorBody(400, "the Host header is missing", { source: "params", keys: [] }));
    if (state.draining && !HEALTH_PATHS.has(request.url.split("?")[0] ?? "")) return sendShuttingDown(reply);
  });
  // While draining, every answer closes its connection, so that no client reuses a socket that is about to close.
  app.addHook("onSend", async (_request, reply) => {
    if (state.draining) void reply.header("connection", "close");
  });
  // An answer that closes its connection before the body is in (a 413): read the rest first.
  app.addHook("onSend", async (request, reply) => {
    if (String(reply.getHeader("connection")).toLowerCase() === "close") await drainRequest(request.raw);
  });
  app.addHook(
    "onRequest",
    keylessLimitHook(context.auth.limitKeyless, (path) => HEALTH_PATHS.has(path) || path === METRICS_PATH),
  );
  app.addHook("onResponse", async (request, reply) => {
    context.metrics.httpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    request.log.info(
      {
        method: request.method,
        url: logUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
  app.setErrorHandler(sendError);
  // JSON only (anything else is a 415), and an empty body is no body, so that a DELETE sent with
  // a JSON content type but nothing in it is not an error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    if (body === "") return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(error as SyntaxError, undefined);
    }
  });
}

/**
 * The graceful stop's order: readiness 503 and long waits ended at once; the engine stopping,
 * WebSockets closing and idle sockets drained; the delivery workers stopping; the listener closed
 * and the sockets it accepted drained once more (answered, never reset); then everything closed.
 */
async function gracefulStop({
  app,
  context,
  state,
  connections,
  graphql,
  shutdown,
  stopKeyWatch,
  engine,
  delivery,
}: {
  app: ReturnType<typeof fastifyOf>;
  context: AppContext;
  state: ServiceState;
  connections: ReturnType<typeof guardConnections>;
  graphql: ReturnType<typeof mountGraphQL>;
  shutdown: AbortController;
  stopKeyWatch: () => void;
  engine: Engine | null;
  delivery: DeliveryWorkers | null;
}): Promise<void> {
  const { config, logger, database, events } = context;
  state.draining = true;
  shutdown.abort();
  stopKeyWatch();
  logger.info({ inFlight: state.inFlight, connections: connections.stats().open }, "shutting down");
  const deadline = Date.now() + config.shutdownTimeoutMs;
  const stoppingEngine = engine?.stop(Math.max(0, deadline - Date.now()));
  const closingWebSockets = graphql.close();
  const firstDrain = await connections.drain({ deadline, idleMs: DRAIN_IDLE_MS });
  const stoppingDelivery = delivery?.stop(Math.max(0, deadline - Date.now()));
  // No new connection from here. net's close, not http's: that would also destroy every
  // socket with no request under way yet, resetting a request still in the kernel's buffer.
  // Sockets already accepted are drained once more: their requests are answered (503 with
  // `Connection: close`), and a request that reached a handler is answered before its
  // socket is closed, so no client sees a reset for work that was done.
  netClose.call(app.server);
  const last = Math.max(deadline, Date.now()) + LAST_DRAIN_MS;
  const drained = (await connections.drain({ deadline: last, idleMs: DRAIN_IDLE_MS })) && firstDrain;
  const closing = app.close();
  while (state.inFlight > 0 && Date.now() < last) await new Promise((r) => setTimeout(r, 10));
  if (!drained || state.inFlight > 0)
    logger.warn(
      { connections: connections.stats().open, inFlight: state.inFlight },
      "shutdown timeout: closing connections",
    );
  app.server.closeAllConnections();
  await stoppingEngine;
  await stoppingDelivery;
  await closingWebSockets;
  await closing;
  await database.close();
  await events.close();
  // How many sockets it took (tests compare it with what their clients opened).
  logger.info({ accepted: connections.stats().accepted }, "stopped");
  logger.flush();
}
