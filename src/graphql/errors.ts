import { PothosValidationError } from "@pothos/core";
import { GraphQLError } from "graphql";
import { DomainError } from "../domain/shared/errors.js";
import type { Logger } from "../logger.js";
import { toGraphQLError } from "./context.js";

const originalOf = (error: unknown) => (error instanceof GraphQLError ? (error.originalError ?? error) : error);

/**
 * Whether an error is the client's doing: a domain error (bad input, a missing object), an id
 * Pothos refused, or graphql-js's own parse and validation errors. Anything else is ours.
 */
export function isClientMistake(error: unknown): boolean {
  const original = originalOf(error);
  return (
    original instanceof DomainError || original instanceof PothosValidationError || original instanceof GraphQLError
  );
}

/** Domain errors are for the client (with their code); anything else is masked as internal. */
export function maskError(error: unknown, message: string): Error {
  const original = originalOf(error);
  if (original instanceof DomainError) return toGraphQLError(original);
  // Pothos refuses an argument itself (a global id of the wrong type): the client's mistake.
  if (original instanceof PothosValidationError)
    return new GraphQLError(original.message, { extensions: { code: "BAD_USER_INPUT" } });
  // A GraphQLError made on purpose (ours, or graphql-js's own) passes; a stray Error does not.
  if (error instanceof GraphQLError && original instanceof GraphQLError) return error;
  return new GraphQLError(message, { extensions: { code: "INTERNAL_SERVER_ERROR" } });
}

/**
 * yoga's logger on ours. yoga logs every error it masks at error level; a client's mistake is
 * not the service's error, so it goes to info (as Fastify logs a 4xx), and only the rest to error.
 */
export function yogaLogging(logger: Logger) {
  return {
    debug: (...args: unknown[]) => logger.debug({ args }, "graphql"),
    info: (...args: unknown[]) => logger.info({ args }, "graphql"),
    warn: (...args: unknown[]) => logger.warn({ args }, "graphql"),
    error: (...args: unknown[]) => {
      for (const error of args) {
        if (isClientMistake(error)) logger.info({ err: error }, "graphql client error");
        else logger.error({ err: originalOf(error) }, "graphql internal error");
      }
    },
  };
}
