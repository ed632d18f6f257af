import { pino, type Logger, type LevelWithSilent } from "pino";
import type { Scrubber } from "./scrub.js";

export type AgentLogger = Logger;

/** What an error-level log event hands to the error reporter. */
export type ErrorEvent = { message: string; stack: string | null };

function errorEvent(args: unknown[]): ErrorEvent {
  const [first, second] = args;
  const err =
    first instanceof Error
      ? first
      : first && typeof first === "object" && (first as { err?: unknown }).err instanceof Error
        ? (first as { err: Error }).err
        : null;
  const text = typeof first === "string" ? first : typeof second === "string" ? second : null;
  const message = [text, err?.message].filter(Boolean).join(": ") || "error";
  return { message, stack: err?.stack ?? null };
}

/**
 * JSON logs on stdout. Every line passes through the scrubber as it is written, so no secret of a
 * run, no key and no service URL reaches the output whatever a message or an error carries.
 * Error-level events also go to `onError` (the error reporter).
 */
export function createAgentLogger(
  level: LevelWithSilent,
  scrubber: Scrubber,
  onError: (event: ErrorEvent) => void,
): AgentLogger {
  return pino(
    {
      level,
      base: { service: "vigil-agent" },
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: {
        logMethod(args, method, levelNumber) {
          if (levelNumber >= 50) onError(errorEvent(args));
          return method.apply(this, args);
        },
        streamWrite: (line) => scrubber.text(line, true),
      },
    },
    pino.destination({ fd: 1, sync: true }),
  );
}
