import { hears, stillHears, type Audience } from "./audience.js";
import type { VigilEvent } from "../../events/bus.js";
import { END, eventStream, SKIP } from "../../events/event-stream.js";
import type { GraphQLContext } from "../context.js";
import { frameMember, framesOf } from "./frames.js";
import { notices, Undeliverable } from "./notices.js";
import { overHttp } from "./sharing.js";

export { deliver, Undeliverable } from "./notices.js";

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
  const match = (event: VigilEvent) =>
    event.type === type && hears(audience, event) && (!filter || filter(event as EventOf<K>));
  const loadOne = async (event: VigilEvent): Promise<T | Undeliverable | typeof SKIP | typeof END> => {
    try {
      // A key's audience always still hears (no promise to wait for); a visitor's page is looked at again.
      if (audience.publicPageId !== null && !(await stillHears(ctx.app, audience, event))) return END;
      const payload = await load(event as EventOf<K>);
      if (payload === null) return SKIP;
      // The context lives as long as the subscription: nested fields of this event load afresh.
      ctx.loaders.clear();
      return payload;
    } catch (error) {
      // One failed load fails this event's payload (masked, logged), not the subscription.
      return new Undeliverable(error instanceof Error ? error : new Error(String(error)));
    }
  };
  // Over graphql-ws, subscribers of one key share a group that executes and sends for them (frames.ts).
  const sink = framesOf(ctx);
  if (sink) return frameMember(ctx, sink, { match, load: loadOne }) as AsyncIterableIterator<T | Undeliverable>;
  return eventStream<T | Undeliverable>(ctx.app.events, {
    match,
    load: loadOne,
    // SSE streams end as a graceful stop begins, so that they do not hold the drain. WebSockets are
    // closed with 1001 after the drain instead: graphql-ws clients then re-subscribe elsewhere,
    // which they would not do for a subscription the server had completed.
    signals: overHttp(ctx) ? [ctx.app.shutdown] : [],
    notice: (reason) => new Undeliverable(notices[reason]()),
  });
}
