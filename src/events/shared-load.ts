import type { VigilEvent } from "./bus.js";

const loads = new WeakMap<VigilEvent, Map<string, Promise<unknown>>>();

/**
 * One load per event and key, whatever the number of subscribers: the bus hands the same event
 * object to every listener, so 2,000 subscribers of one incident cost one query, not 2,000. The
 * entry lives as long as the event does (a WeakMap), so nothing is kept once every subscriber
 * has handled it.
 */
export function sharedLoad<T>(event: VigilEvent, key: string, load: () => Promise<T>): Promise<T> {
  let byKey = loads.get(event);
  if (!byKey) loads.set(event, (byKey = new Map()));
  let promise = byKey.get(key) as Promise<T> | undefined;
  if (!promise) byKey.set(key, (promise = load()));
  return promise;
}
