import { GraphQLError } from "graphql";

/** A stream value that is not a payload: the field's resolver throws its error (masked if internal). */
export class Undeliverable {
  constructor(readonly error: Error) {}
}

/** The subscription field's resolver: the payload, or the error the stream carried instead. */
export function deliver<T>(value: T | Undeliverable): T {
  if (value instanceof Undeliverable) throw value.error;
  return value;
}

/** The last message of a stream that the server ends: a shutdown, a subscriber too far behind, or events missed during a Redis outage. */
export const notices = {
  signal: () =>
    new GraphQLError("the server is shutting down: subscribe again", { extensions: { code: "SHUTTING_DOWN" } }),
  overflow: () =>
    new GraphQLError("this subscriber fell too far behind its events: subscribe again", {
      extensions: { code: "SLOW_CONSUMER" },
    }),
  resumed: () =>
    new GraphQLError(
      "events may have been missed while the instances' event bus (Redis) was unreachable: read the current state and subscribe again",
      { extensions: { code: "EVENTS_MISSED" } },
    ),
};
