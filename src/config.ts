import { isIP } from "node:net";
import { z } from "zod";
import { EnvironmentError, parseEnvironment } from "./environment.js";
import { parseAllowList } from "./net/address-rule.js";
import { readCaFile } from "./net/tls-trust.js";

/** Printable ASCII without spaces, as docs/decisions.md allows for VIGIL_API_KEY. */
const printableKey = /^[\x21-\x7e]{20,200}$/;
const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .default(fallback ? "true" : "false")
    .transform((value) => value === "true" || value === "1");

/** An on/off switch (on, off, true, false; any case). */
export const onOff = (fallback: boolean) =>
  z
    .string()
    .default(fallback ? "on" : "off")
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["on", "off", "true", "false"], { message: "must be on or off" }))
    .transform((v) => v === "on" || v === "true");

const integer = (min: number, max: number, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, {
      message: `must be an integer from ${min} to ${max}`,
    })
    .transform(Number);

/** A name server as node:dns takes it: an address, or `address:port` (IPv6 in brackets). */
const isNameServer = (text: string) => {
  if (isIP(text)) return true;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  const [address, port] = bracketed ? [bracketed[1]!, bracketed[2]] : (text.split(/:(?=\d+$)/) as [string, string?]);
  return isIP(address) !== 0 && (port === undefined || Number(port) <= 65535);
};

/** EXTRA_CA_CERTS (service and agent): a PEM file's certificates, read and parsed at start; [] when unset. */
export const extraCaCerts = z
  .string()
  .optional()
  .transform((path, ctx) => {
    if (!path) return [];
    try {
      return readCaFile(path);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

const providerUrl = z.string().refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
  message: "must be an http or https URL",
});

export const ConfigSchema = z
  .object({
    PORT: integer(0, 65535, 3000),
    HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
    DATABASE_URL: z
      .string()
      .default("file:./data/vigil.db")
      .refine((url) => /^file:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url), {
        message: "must be a SQLite file URL (file:./data/vigil.db) or a postgres:// or postgresql:// URL",
      }),
    VIGIL_ACCOUNT_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 characters of letters, digits, '-' and '_'")
      .optional(),
    VIGIL_API_KEY: z
      .string()
      .regex(printableKey, "must be 20 to 200 printable ASCII characters without spaces")
      .optional(),
    RATE_LIMIT_PER_MINUTE: integer(0, 1_000_000, 600),
    /** Requests a minute per client address without an API key (GraphQL, public status pages, pings); 0 off. */
    KEYLESS_RATE_LIMIT_PER_MINUTE: integer(0, 1_000_000, 300),
    /** Behind a reverse proxy: the client address is the left-most of X-Forwarded-For. */
    TRUST_PROXY: booleanFlag(false),
    /** The largest GraphQL document accepted, in bytes (UTF-8), checked before parsing or caching. */
    GRAPHQL_MAX_DOCUMENT_BYTES: integer(1_000, 1_000_000, 100_000),
    LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(", ")}` }).default("info"),
    BLOCK_PRIVATE_TARGETS: booleanFlag(false),
    /** Exceptions to BLOCK_PRIVATE_TARGETS: comma-separated addresses or CIDR ranges (an intranet range; the tests' 127.0.0.2). */
    PRIVATE_TARGETS_ALLOW: z
      .string()
      .default("")
      .superRefine((text, ctx) => {
        for (const message of parseAllowList(text).errors) ctx.addIssue({ code: "custom", message });
      })
      .transform((text) =>
        text
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /** A PEM file of extra trusted roots (private CAs) for every TLS connection a check makes. */
    EXTRA_CA_CERTS: extraCaCerts,
    GRAPHQL_INTROSPECTION: booleanFlag(true),
    /** How long shutdown waits for in-flight requests before closing them anyway. */
    SHUTDOWN_TIMEOUT_MS: integer(0, 600_000, 10_000),
    /** A request's headers must arrive within this (slow-header clients). */
    HTTP_HEADERS_TIMEOUT_MS: integer(100, 600_000, 10_000),
    /** A whole request (headers and body) must arrive within this; responses (streams, long polls) are not bounded by it. */
    HTTP_REQUEST_TIMEOUT_MS: integer(100, 3_600_000, 30_000),
    /** An idle keep-alive connection is closed after this. */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(100, 600_000, 72_000),
    /** A connection whose answer the client takes none of for this long is closed (clients that do not read). */
    HTTP_SEND_TIMEOUT_MS: integer(100, 3_600_000, 60_000),
    /** Open connections (WebSockets included) from one remote address; 0 turns the cap off. */
    MAX_CONNECTIONS_PER_ADDRESS: integer(0, 1_000_000, 256),
    /** Open connections in all; 0 turns the cap off. */
    MAX_CONNECTIONS: integer(0, 1_000_000, 10_000),
    /** Whether this instance schedules and runs checks (API-only instances set it to false). */
    ENGINE_ENABLED: booleanFlag(true),
    /** Days raw check results, heartbeat events, alerts and notifications are kept (rollups: 400). */
    RESULT_RETENTION_DAYS: integer(1, 3650, 30),
    /** How many runs this instance's engine has under way at once. */
    ENGINE_CONCURRENCY: integer(1, 1000, 100),
    /** A claimed run's lease, for the service's runners and for agents: a runner silent this long loses the run to another. */
    RUN_LEASE_MS: integer(1000, 600_000, 60_000),
    /** How many alert notifications this instance's delivery workers send at once (with the engine). */
    DELIVERY_CONCURRENCY: integer(1, 1000, 10),
    /** Email alerts: `smtp://user:pass@host:port`, `smtps://` for TLS; unset, email notifications fail saying so. */
    SMTP_URL: z
      .string()
      .refine((url) => URL.canParse(url) && /^smtps?:$/.test(new URL(url).protocol) && new URL(url).hostname !== "", {
        message: "must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587",
      })
      .optional(),
    EMAIL_FROM: z
      .string()
      .regex(/^[^\r\n]*@[^\r\n]*$/, "must be an address such as Vigil <vigil@example.com>")
      .default("Vigil <vigil@localhost>"),
    /** Provider endpoints, overridable for proxies and tests (docs/decisions.md, Alerting). */
    PAGERDUTY_EVENTS_URL: providerUrl.default("https://events.pagerduty.com/v2/enqueue"),
    OPSGENIE_API_URL: providerUrl.optional(),
    TELEGRAM_API_URL: providerUrl.default("https://api.telegram.org"),
    /** The service's URL as users reach it: links in alert notifications. Unset: http://<HOST>:<PORT>. */
    PUBLIC_URL: providerUrl.optional(),
    /** Several instances: events and per-key rate limits are shared through this Redis. Unset: all in the process. */
    REDIS_URL: z
      .string()
      .refine((url) => URL.canParse(url) && /^rediss?:$/.test(new URL(url).protocol) && new URL(url).hostname !== "", {
        message: "must be a redis:// or rediss:// URL such as redis://:password@redis.example.com:6379/0",
      })
      .optional(),
    /** The operator app's build (index.html and assets/); unset: app/dist of the installed package. */
    APP_DIST_DIR: z.string().min(1, "must not be empty").optional(),
    /** Custom domains' TXT lookups: comma-separated name servers (`ip` or `ip:port`); unset, the system's. */
    DNS_SERVERS: z
      .string()
      .default("")
      .transform((text) =>
        text
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((servers) => servers.every(isNameServer), {
        message: "must be comma-separated addresses, each optionally with a port (127.0.0.1:5353, [::1]:53)",
      }),
    /** Where check results' files (screenshots, traces, job logs) are stored. */
    ARTIFACTS_DIR: z.string().min(1, "must not be empty").default("./data/artifacts"),
    /** The most a run's files may take together, in bytes (docs/decisions.md: 150 MB). */
    ARTIFACTS_MAX_RUN_BYTES: integer(1, 10_000_000_000, 150 * 1024 * 1024),
    /** AGENTIC checks: an OpenAI-compatible base URL (POST {base}/chat/completions), the model, its key. */
    AGENTIC_MODEL_URL: providerUrl.optional(),
    AGENTIC_MODEL: z.string().trim().min(1, "must not be empty").max(200).optional(),
    AGENTIC_API_KEY: z.string().min(1, "must not be empty").max(1000).optional(),
    /** Chromium for BROWSER and PLAYWRIGHT checks: Debian's `chromium` package. */
    CHROMIUM_PATH: z.string().min(1, "must not be empty").default("/usr/bin/chromium"),
    /** BROWSER, MULTI_STEP and PLAYWRIGHT runs under way at once on this instance (each a node process, most a Chromium). */
    BROWSER_CONCURRENCY: integer(1, 64, 1),
    /** Scripts in bwrap behind the filtering proxy (src/sandbox); off is unsafe: one trusted tenant only. */
    SCRIPT_SANDBOX: onOff(true),
    /** When set, GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, it is open. */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, "must be 16 to 200 printable ASCII characters without spaces")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS)
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_HEADERS_TIMEOUT_MS"],
        message: "must not be larger than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)",
      });
    if (!env.SCRIPT_SANDBOX && env.BLOCK_PRIVATE_TARGETS)
      ctx.addIssue({
        code: "custom",
        path: ["SCRIPT_SANDBOX"],
        message:
          "must stay on with BLOCK_PRIVATE_TARGETS=true: scripts outside the sandbox reach every address and the service's own files",
      });
    if (Boolean(env.VIGIL_ACCOUNT_ID) !== Boolean(env.VIGIL_API_KEY)) {
      const missing = env.VIGIL_ACCOUNT_ID ? "VIGIL_API_KEY" : "VIGIL_ACCOUNT_ID";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "must be set together with the other bootstrap variable (VIGIL_ACCOUNT_ID and VIGIL_API_KEY)",
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  bootstrap: { accountId: string; apiKey: string } | null;
  rateLimitPerMinute: number;
  keylessRateLimitPerMinute: number;
  trustProxy: boolean;
  graphqlMaxDocumentBytes: number;
  logLevel: (typeof logLevels)[number];
  blockPrivateTargets: boolean;
  /** PRIVATE_TARGETS_ALLOW: addresses or CIDR ranges BLOCK_PRIVATE_TARGETS lets through. */
  privateTargetsAllow: string[];
  /** EXTRA_CA_CERTS: PEM certificates trusted besides Node's roots by checks' TLS connections; empty when unset. */
  extraCaCertificates: string[];
  /** DNS_SERVERS: custom domains' TXT lookups go to these; empty, to the system's resolver. */
  dnsServers: string[];
  graphqlIntrospection: boolean;
  shutdownTimeoutMs: number;
  http: HttpConfig;
  engine: { enabled: boolean; concurrency: number };
  /** Days raw results and their kin are kept; the engine's retention sweep deletes older ones. */
  resultRetentionDays: number;
  runLeaseMs: number;
  /** No trailing slash. */
  publicUrl: string;
  /** PUBLIC_URL's origin when it is set, else null: cookie requests must then come from the host they reach. */
  publicOrigin: string | null;
  /** Alert notifications under way at once on this instance (its delivery workers run with the engine). */
  deliveryConcurrency: number;
  delivery: DeliveryConfig;
  /** null: one instance, events and rate limits in the process. */
  redisUrl: string | null;
  /** The operator app's build directory; null: app/dist beside src/ (src/web/operator-app.ts). */
  appDistDir: string | null;
  /** Check results' files (src/domain/assets). */
  artifacts: { dir: string; maxRunBytes: number };
  /** AGENTIC checks' model endpoint; a run without all three ends with hasErrors naming the missing ones. */
  agentic: AgenticModelConfig;
  /** BROWSER, MULTI_STEP, PLAYWRIGHT and AGENTIC checks (src/engine/browser); `sandbox`: SCRIPT_SANDBOX. */
  browser: { chromiumPath: string; concurrency: number; sandbox: boolean };
  /** null: /metrics is open. */
  metricsToken: string | null;
};

/** The chat-completions endpoint AGENTIC checks use (also read by agents); null when unset. */
export type AgenticModelConfig = { modelUrl: string | null; model: string | null; apiKey: string | null };

/** AGENTIC_MODEL_URL, AGENTIC_MODEL and AGENTIC_API_KEY from a parsed environment (the service's or an agent's). */
export function agenticModelConfig(env: {
  AGENTIC_MODEL_URL?: string | undefined;
  AGENTIC_MODEL?: string | undefined;
  AGENTIC_API_KEY?: string | undefined;
}): AgenticModelConfig {
  return {
    modelUrl: env.AGENTIC_MODEL_URL?.replace(/\/+$/, "") ?? null,
    model: env.AGENTIC_MODEL ?? null,
    apiKey: env.AGENTIC_API_KEY ?? null,
  };
}

/** The HTTP server's guards against slow and greedy clients (src/http). 0 turns a cap off. */
export type HttpConfig = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  sendTimeoutMs: number;
  maxConnectionsPerAddress: number;
  maxConnections: number;
};

/** What alert delivery reads (src/delivery). */
export type DeliveryConfig = {
  smtpUrl: string | null;
  emailFrom: string;
  pagerdutyEventsUrl: string;
  /** null: by the channel's region (api.opsgenie.com, api.eu.opsgenie.com). */
  opsgenieApiUrl: string | null;
  telegramApiUrl: string;
  blockPrivateTargets: boolean;
  privateTargetsAllow?: readonly string[];
};

/** A configuration the service cannot start with (one line per variable). */
export class ConfigError extends EnvironmentError {}

/** Parses the environment once; every problem is reported together, each naming its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const secrets = new Set(["VIGIL_API_KEY", "SMTP_URL", "REDIS_URL", "METRICS_TOKEN", "AGENTIC_API_KEY"]);
  const parsed = parseEnvironment(ConfigSchema, env, secrets);
  if ("problems" in parsed) throw new ConfigError(parsed.problems);
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    bootstrap:
      c.VIGIL_ACCOUNT_ID && c.VIGIL_API_KEY ? { accountId: c.VIGIL_ACCOUNT_ID, apiKey: c.VIGIL_API_KEY } : null,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    keylessRateLimitPerMinute: c.KEYLESS_RATE_LIMIT_PER_MINUTE,
    trustProxy: c.TRUST_PROXY,
    graphqlMaxDocumentBytes: c.GRAPHQL_MAX_DOCUMENT_BYTES,
    logLevel: c.LOG_LEVEL,
    blockPrivateTargets: c.BLOCK_PRIVATE_TARGETS,
    privateTargetsAllow: c.PRIVATE_TARGETS_ALLOW,
    dnsServers: c.DNS_SERVERS,
    extraCaCertificates: c.EXTRA_CA_CERTS,
    graphqlIntrospection: c.GRAPHQL_INTROSPECTION,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    http: {
      headersTimeoutMs: c.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: c.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      sendTimeoutMs: c.HTTP_SEND_TIMEOUT_MS,
      maxConnectionsPerAddress: c.MAX_CONNECTIONS_PER_ADDRESS,
      maxConnections: c.MAX_CONNECTIONS,
    },
    engine: { enabled: c.ENGINE_ENABLED, concurrency: c.ENGINE_CONCURRENCY },
    resultRetentionDays: c.RESULT_RETENTION_DAYS,
    runLeaseMs: c.RUN_LEASE_MS,
    publicUrl: (c.PUBLIC_URL ?? `http://${c.HOST.includes(":") ? `[${c.HOST}]` : c.HOST}:${c.PORT}`).replace(
      /\/+$/,
      "",
    ),
    publicOrigin: c.PUBLIC_URL ? new URL(c.PUBLIC_URL).origin : null,
    deliveryConcurrency: c.DELIVERY_CONCURRENCY,
    browser: { chromiumPath: c.CHROMIUM_PATH, concurrency: c.BROWSER_CONCURRENCY, sandbox: c.SCRIPT_SANDBOX },
    delivery: {
      smtpUrl: c.SMTP_URL ?? null,
      emailFrom: c.EMAIL_FROM,
      pagerdutyEventsUrl: c.PAGERDUTY_EVENTS_URL,
      opsgenieApiUrl: c.OPSGENIE_API_URL ?? null,
      telegramApiUrl: c.TELEGRAM_API_URL.replace(/\/+$/, ""),
      blockPrivateTargets: c.BLOCK_PRIVATE_TARGETS,
      privateTargetsAllow: c.PRIVATE_TARGETS_ALLOW,
    },
    redisUrl: c.REDIS_URL ?? null,
    appDistDir: c.APP_DIST_DIR ?? null,
    artifacts: { dir: c.ARTIFACTS_DIR, maxRunBytes: c.ARTIFACTS_MAX_RUN_BYTES },
    metricsToken: c.METRICS_TOKEN ?? null,
    agentic: agenticModelConfig(c),
  };
}
