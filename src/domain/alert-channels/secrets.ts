/**
 * Write-only channel config, as environment variables marked `secret` (../shared/secrets.ts): no
 * response shows `webhookSecret`, PagerDuty's `serviceKey`, Opsgenie's `apiKey`, or the value of a
 * `locked` webhook header or query parameter (REST and GraphQL show null), and an update that sends
 * null or leaves one out keeps the stored value, so a client can read a channel, change something
 * and send it back. URLs stay readable: a client must be able to see where alerts go.
 */

const SECRET_FIELDS = ["webhookSecret", "serviceKey", "apiKey"] as const;
const LOCKABLE_LISTS = ["headers", "queryParameters"] as const;

type Config = Record<string, unknown>;
type Pair = { key: string; value: string | null; locked?: boolean };

function pairs(value: unknown): Pair[] | null {
  return Array.isArray(value) ? (value as Pair[]) : null;
}

/** The config as responses show it. */
export function redactChannelConfig(config: Config): Config {
  const shown: Config = { ...config };
  for (const field of SECRET_FIELDS) if (field in shown) shown[field] = null;
  for (const list of LOCKABLE_LISTS) {
    const items = pairs(shown[list]);
    if (items) shown[list] = items.map((pair) => (pair.locked ? { ...pair, value: null } : pair));
  }
  return shown;
}

/**
 * The config to store after an update: `sent` (parsed), with every secret sent as null or left out
 * taken from `stored`, and a locked pair sent with value null keeping its stored value. A channel
 * whose type changes keeps nothing; one whose URL changes keeps no locked header or query value
 * (they would go to the new host unseen by whoever changed it): only what the request sends again.
 */
export function keepChannelSecrets(sent: Config, stored: Config | null): Config {
  const kept: Config = { ...sent };
  for (const field of SECRET_FIELDS) {
    if ((kept[field] === null || kept[field] === undefined) && stored && typeof stored[field] === "string") {
      kept[field] = stored[field];
    }
  }
  const sameUrl = stored !== null && sent.url === stored.url;
  for (const list of LOCKABLE_LISTS) {
    const items = pairs(kept[list]);
    const lockedBefore = sameUrl ? (pairs(stored[list]) ?? []).filter((p) => p.locked) : [];
    const before = new Map(lockedBefore.map((p) => [p.key, p.value]));
    if (items) {
      kept[list] = items.map((pair) =>
        pair.locked && (pair.value === null || pair.value === "") && before.has(pair.key)
          ? { ...pair, value: before.get(pair.key) }
          : pair,
      );
    }
  }
  return kept;
}
