import { z } from "zod";
import { type AgenticModelConfig, agenticModelConfig, extraCaCerts, onOff } from "../config.js";
import { EnvironmentError, parseEnvironment } from "../environment.js";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
/** Variables whose values are never echoed in an error: they may carry a key or a password. */
const SECRET_VARIABLES = new Set([
  "API_KEY",
  "AGENTIC_API_KEY",
  "VIGIL_URL",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "http_proxy",
  "https_proxy",
]);

const integer = (min: number, max: number, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, {
      message: `must be an integer from ${min} to ${max}`,
    })
    .transform(Number);

const httpUrl = (what: string) =>
  z.string().refine((value) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be an http or https URL${what}`);

export const AgentConfigSchema = z.object({
  API_KEY: z
    .string({ message: "is required: an agent key of the private location (pl_...)" })
    .regex(/^pl_[\x21-\x7e]{8,200}$/, "must be an agent key of a private location, starting with pl_"),
  VIGIL_URL: httpUrl(" (the Vigil service, e.g. https://vigil.example.com)")
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) {
        ctx.addIssue({ code: "custom", message: "is required: the URL of the Vigil service (http or https)" });
        return z.NEVER;
      }
      return v;
    }),
  JOB_CONCURRENCY: integer(1, 10, 1),
  /** Chromium for BROWSER and PLAYWRIGHT checks: Debian's `chromium` package. */
  CHROMIUM_PATH: z.string().min(1, "must not be empty").default("/usr/bin/chromium"),
  /** BROWSER, MULTI_STEP and PLAYWRIGHT runs under way at once on this agent. */
  BROWSER_CONCURRENCY: integer(1, 64, 1),
  /** Scripts in bwrap behind the filtering proxy, as on the service (private addresses allowed here). */
  SCRIPT_SANDBOX: onOff(true),
  AGENT_HEALTH_PORT: integer(0, 65535, 8081),
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(", ")}` }).default("info"),
  EXTERNAL_OBSERVABILITY: z
    .string()
    .default("on")
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["on", "off", "true", "false"], { message: "must be on or off" }))
    .transform((v) => v === "on" || v === "true"),
  HTTP_PROXY: httpUrl("").optional(),
  HTTPS_PROXY: httpUrl("").optional(),
  http_proxy: httpUrl("").optional(),
  https_proxy: httpUrl("").optional(),
  /** A PEM file of extra trusted roots (private CAs) for the TLS connections of checks, as on the service. */
  EXTRA_CA_CERTS: extraCaCerts,
  /** AGENTIC checks on this location: the agent's own model endpoint (the service's is not sent). */
  AGENTIC_MODEL_URL: httpUrl("").optional(),
  AGENTIC_MODEL: z.string().trim().min(1, "must not be empty").max(200).optional(),
  AGENTIC_API_KEY: z.string().min(1, "must not be empty").max(1000).optional(),
});

export type AgentConfig = {
  apiKey: string;
  /** The service's base URL, ending with "/" so that paths resolve under it. */
  serviceUrl: URL;
  concurrency: number;
  browser: { chromiumPath: string; concurrency: number; sandbox: boolean };
  healthPort: number;
  logLevel: (typeof logLevels)[number];
  errorReporting: boolean;
  /** Whether the service is reached through a proxy (HTTP_PROXY, HTTPS_PROXY; NO_PROXY applies). */
  proxied: boolean;
  /**
   * VIGIL_SECRET_* variables of the agent's own environment: secrets that stay in the customer's
   * network. Checks on this location use them as {{VIGIL_SECRET_...}}; they are never sent to the
   * service (scrubbed from results, reports and logs).
   */
  localSecrets: { key: string; value: string; secret: true }[];
  /** AGENTIC checks' model endpoint (AGENTIC_MODEL_URL, AGENTIC_MODEL, AGENTIC_API_KEY). */
  agentic: AgenticModelConfig;
  /** EXTRA_CA_CERTS: PEM roots trusted besides Node's; empty when unset. */
  extraCaCertificates: string[];
};

/** The prefix of the agent-local secret variables (the release notes' SERVICE_SECRET_*). */
export const LOCAL_SECRET_PREFIX = "VIGIL_SECRET_";

/** A configuration the agent cannot start with (one line per variable). */
export class AgentConfigError extends EnvironmentError {}

/** Parses the agent's environment once; every problem together, each naming its variable, never a secret value. */
export function loadAgentConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const parsed = parseEnvironment(AgentConfigSchema, env, SECRET_VARIABLES);
  if ("problems" in parsed) throw new AgentConfigError(parsed.problems);
  const c = parsed.data;
  const serviceUrl = new URL(c.VIGIL_URL);
  if (!serviceUrl.pathname.endsWith("/")) serviceUrl.pathname += "/";
  return {
    apiKey: c.API_KEY,
    serviceUrl,
    concurrency: c.JOB_CONCURRENCY,
    browser: { chromiumPath: c.CHROMIUM_PATH, concurrency: c.BROWSER_CONCURRENCY, sandbox: c.SCRIPT_SANDBOX },
    healthPort: c.AGENT_HEALTH_PORT,
    logLevel: c.LOG_LEVEL,
    errorReporting: c.EXTERNAL_OBSERVABILITY,
    proxied: Boolean(c.HTTP_PROXY ?? c.HTTPS_PROXY ?? c.http_proxy ?? c.https_proxy),
    localSecrets: Object.entries(env).flatMap(([key, value]) =>
      key.startsWith(LOCAL_SECRET_PREFIX) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && value
        ? [{ key, value, secret: true as const }]
        : [],
    ),
    agentic: agenticModelConfig(c),
    extraCaCertificates: c.EXTRA_CA_CERTS,
  };
}
