import { pino, type Logger as PinoLogger, type LevelWithSilent } from "pino";

export type Logger = PinoLogger;

/** Structured JSON logs. Secrets in headers never reach a log line. */
export function createLogger(level: LevelWithSilent, destination: 1 | 2 = 1): Logger {
  return pino(
    {
      level,
      base: { service: "vigil" },
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.apiKey", "*.password"],
        censor: "[redacted]",
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    pino.destination({ fd: destination, sync: false }),
  );
}
