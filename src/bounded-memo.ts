/**
 * The results of a pure function of one key, remembered for the hot per-value conversions of an
 * answer (a date's text to its instant, an instant to its ISO text, a database id to its global
 * id): a nested status-page answer makes thousands of them, the same ones answer after answer.
 * Two Maps, not an LRU: lru-cache's `get` (recency list, options object, diagnostics) cost about
 * as much as the conversions it saved. When the current Map is full it becomes the previous one
 * and the older is dropped, so at most 2 * `max` entries are kept; a key read from the previous
 * Map moves to the current one, so what is in use survives the turnover.
 */
export class BoundedMemo<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.current.get(key);
    if (value !== undefined || this.previous.size === 0) return value;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.max) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }
}
