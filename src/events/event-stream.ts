import type { EventBus, VigilEvent } from "./bus.js";

/** What `load` answers to drop an event (its object is gone) or to end the stream (the audience lost access). */
export const SKIP = Symbol("skip");
export const END = Symbol("end");

export type EndReason = "signal" | "overflow" | "resumed";

export type EventStreamOptions<T> = {
  /** Decides on the publisher's tick, before anything is loaded: cheap, synchronous. */
  match: (event: VigilEvent) => boolean;
  /** Turns a matched event into what the consumer receives; called when the consumer asks for it. */
  load: (event: VigilEvent) => Promise<T | typeof SKIP | typeof END>;
  /** The stream ends (after what is queued, then `notice(reason)`) when one of these aborts. */
  signals?: AbortSignal[];
  /** Events queued for a consumer that does not read; beyond it the stream ends rather than grow. */
  maxPending?: number;
  /**
   * The last value of a stream that ends on a signal, an overflow, or the shared bus's return
   * after an outage ("resumed": events may have been missed), a notice to the consumer, if any.
   */
  notice?: (reason: EndReason) => T | undefined;
};

/**
 * The events of `bus` that `match`, one at a time, as an async iterator. Written by hand rather
 * than as an async generator: a generator's `return()` waits for a pending `next()`, so a
 * subscriber that disconnects while no event comes would stay on the bus for ever. Here
 * `return()` unsubscribes at once and settles a waiting `next()`.
 */
export function eventStream<T>(bus: EventBus, options: EventStreamOptions<T>): AsyncIterableIterator<T> {
  const { match, load, signals = [], maxPending = 1000, notice } = options;
  const queue: VigilEvent[] = [];
  const waiters = new Set<() => void>();
  let listening = true;
  let closed = false;
  let last: T | undefined;

  const wakeAll = () => {
    if (waiters.size) for (const wake of [...waiters]) wake();
  };
  /** No more events from the bus; what is queued is still delivered, then `last`. */
  const stopListening = (reason?: EndReason) => {
    if (!listening) return;
    listening = false;
    unsubscribe();
    stopResume();
    for (const signal of signals) signal.removeEventListener("abort", onAbort);
    if (reason) last = notice?.(reason);
    wakeAll();
  };
  const close = () => {
    stopListening();
    closed = true;
    queue.length = 0;
    last = undefined;
    wakeAll();
  };
  const onAbort = () => stopListening("signal");

  const matches = (event: VigilEvent) => {
    try {
      return match(event);
    } catch {
      return false; // a listener that threw would fail the publishing verb, after its commit
    }
  };
  const unsubscribe = bus.subscribe((event) => {
    if (!listening || !matches(event)) return;
    if (queue.length >= maxPending) return stopListening("overflow");
    queue.push(event);
    wakeAll();
  });
  // Events published while the bus was away did not reach this stream: it ends rather than skip them silently.
  const stopResume = bus.onResume(() => stopListening("resumed"));
  for (const signal of signals) signal.addEventListener("abort", onAbort, { once: true });
  if (signals.some((signal) => signal.aborted)) onAbort();

  const done = (): IteratorResult<T> => ({ value: undefined, done: true });
  async function next(): Promise<IteratorResult<T>> {
    while (!closed) {
      const event = queue.shift();
      if (!event) {
        if (!listening) {
          const value = last;
          close();
          return value === undefined ? done() : { value, done: false };
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
        continue;
      }
      const value = await load(event);
      // The consumer may have left while the event loaded.
      if (closed) break;
      if (value === SKIP) continue;
      if (value === END) {
        queue.length = 0;
        stopListening();
        continue;
      }
      return { value, done: false };
    }
    return done();
  }

  return {
    next,
    async return() {
      close();
      return done();
    },
    async throw(error: unknown) {
      close();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
