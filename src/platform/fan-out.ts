/**
 * The fan-out of events to many listeners, one mechanism for the GraphQL subscription groups
 * (graphql-ws frames) and the status pages' event streams: a group's events are handled one at a
 * time, in order, each loaded once for all its listeners (SerialQueue), and each listener's
 * connection is written to unless it holds too much unsent (`tooFarBehind`): then it is told, if
 * it can be, and dropped, and the others go on. Nothing a listener does not read grows without
 * bound: neither the group's queue nor its connection's buffer.
 */

/** Events a group may have waiting (its loads behind the bus). */
export const MAX_PENDING_EVENTS = 1000;
/** Bytes a listener's connection may hold unsent before it counts as too far behind. */
export const MAX_BACKLOG_BYTES = 1024 * 1024;

/** A listener's connection: a WebSocket (`bufferedAmount`) or an HTTP response (`writableLength`). */
export type Connection = { bufferedAmount: number } | { writableLength: number };

/** Whether a listener's connection holds more than MAX_BACKLOG_BYTES it could not send yet. */
export function tooFarBehind(connection: Connection): boolean {
  const unsent = "bufferedAmount" in connection ? connection.bufferedAmount : connection.writableLength;
  return unsent > MAX_BACKLOG_BYTES;
}

export type SerialQueueOptions<E> = {
  /** Handles one item; the next waits for it. */
  handle: (item: E) => Promise<void>;
  /**
   * Once the queue overflowed, after the items it held were handled: the owner ends its listeners,
   * told (or tells them to read everything again). The queue takes items again after it.
   */
  onOverflow: () => void;
  /** A handler that threw: the queue is emptied and the owner ends its listeners. */
  onError: (error: unknown) => void;
  maxPending?: number;
};

/**
 * Items handled one at a time in the order they came. At most `maxPending` wait: the one beyond
 * overflows the queue, which then takes nothing more until it handled what it holds and called
 * `onOverflow`.
 */
export class SerialQueue<E> {
  private readonly items: E[] = [];
  private running = false;
  private full = false;

  constructor(private readonly options: SerialQueueOptions<E>) {}

  /** True from an overflow until `onOverflow` was called: items are not taken. */
  get overflowed(): boolean {
    return this.full;
  }

  /** Takes an item; false when the queue is (or now becomes) overflowed. */
  push(item: E): boolean {
    if (this.full) return false;
    if (this.items.length >= (this.options.maxPending ?? MAX_PENDING_EVENTS)) {
      this.full = true;
      if (!this.running) this.overflow();
      return false;
    }
    this.items.push(item);
    if (!this.running) void this.run();
    return true;
  }

  /** Drops the items waiting (the listeners are gone). */
  clear(): void {
    this.items.length = 0;
  }

  private overflow(): void {
    this.full = false;
    this.options.onOverflow();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      for (let item = this.items.shift(); item !== undefined; item = this.items.shift())
        await this.options.handle(item);
      if (this.full) this.overflow();
    } catch (error) {
      this.items.length = 0;
      this.options.onError(error);
    } finally {
      this.running = false;
    }
  }
}
