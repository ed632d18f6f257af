import type { VigilEvent } from "../../events/bus.js";

const loads = new WeakMap<VigilEvent, Map<string, Promise<unknown>>>();

/**
 * One load per event and key, whatever the number of subscribers: the bus hands the same event
 * object to every listener, so 2,000 subscribers of one incident cost one query, not 2,000. The
 * entry lives as long as the event does (a WeakMap), so nothing is kept once every subscriber
 * has handled it.
 */
export function sharedLoad<T>(event: VigilEvent, key: string, load: () => Promise<T>): Promise<T> {
  let byKey = loads.get(event);
  if (!byKey) {
    byKey = new Map();
    loads.set(event, byKey);
  }
  let promise = byKey.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    byKey.set(key, promise);
  }
  return promise;
}
