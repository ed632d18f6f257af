import { GraphQLError } from "graphql";
import { hears, stillHears, type Audience } from "./audience.js";
import type { VigilEvent } from "../../events/bus.js";
import { END, eventStream, SKIP } from "../../events/event-stream.js";
import type { GraphQLContext } from "../context.js";

/** A stream value that is not a payload: the field's resolver throws its error (masked if internal). */
export class Undeliverable {
  constructor(readonly error: Error) {}
}

/** The subscription field's resolver: the payload, or the error the stream carried instead. */
export function deliver<T>(value: T | Undeliverable): T {
  if (value instanceof Undeliverable) throw value.error;
  return value;
}

const notices = {
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

/** A subscription over HTTP (SSE) runs in yoga's context, which carries the Fetch request; graphql-ws's does not. */
export const overHttp = (ctx: GraphQLContext) => "request" in ctx;

type EventOf<K extends VigilEvent["type"]> = Extract<VigilEvent, { type: K }>;
type Source<K extends VigilEvent["type"], T> = {
  type: K;
  /** The field's own filters (ids, flags), checked after the audience's. */
  filter?: (event: EventOf<K>) => boolean;
  /** The payload of an event, null when its object is gone. */
  load: (event: EventOf<K>) => Promise<T | null>;
};

/** The stream of one subscription: the audience's matching events, as payloads of its account. */
export function subscriberStream<K extends VigilEvent["type"], T>(
  ctx: GraphQLContext,
  audience: Audience,
  { type, filter, load }: Source<K, T>,
) {
  return eventStream<T | Undeliverable>(ctx.app.events, {
    match: (event) => event.type === type && hears(audience, event) && (!filter || filter(event as EventOf<K>)),
    load: async (event) => {
      try {
        if (!(await stillHears(ctx.app, audience, event))) return END;
        const payload = await load(event as EventOf<K>);
        if (payload === null) return SKIP;
        // The context lives as long as the subscription: nested fields of this event load afresh.
        ctx.loaders.clear();
        return payload;
      } catch (error) {
        // One failed load fails this event's payload (masked, logged), not the subscription.
        return new Undeliverable(error instanceof Error ? error : new Error(String(error)));
      }
    },
    // SSE streams end as a graceful stop begins, so that they do not hold the drain. WebSockets are
    // closed with 1001 after the drain instead: graphql-ws clients then re-subscribe elsewhere,
    // which they would not do for a subscription the server had completed.
    signals: overHttp(ctx) ? [ctx.app.shutdown] : [],
    notice: (reason) => new Undeliverable(notices[reason]()),
  });
}
