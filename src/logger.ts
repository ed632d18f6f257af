import { pino, type Logger as PinoLogger, type LevelWithSilent } from "pino";
import { logUrl } from "./http/log-url.js";

export type Logger = PinoLogger;

/** The service's logger settings (tests write them into a sink of their own). */
export function loggerOptions(level: LevelWithSilent) {
  return {
    level,
    // The Node version in every line, so the first one says which runtime started (bin/runtime.js).
    base: { service: "vigil", node: process.version },
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.apiKey", "*.password"],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: { url?: string }) => (typeof req?.url === "string" ? { ...req, url: logUrl(req.url) } : req),
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

/** Structured JSON logs. Secrets in headers, and in URLs (logUrl), never reach a log line. */
export function createLogger(level: LevelWithSilent, destination: 1 | 2 = 1): Logger {
  return pino(loggerOptions(level), pino.destination({ fd: destination, sync: false }));
}
