import { Resolver } from "node:dns/promises";

/** TXT lookups of a name: each record's strings joined (a long record is split into several). */
export type TxtLookup = (name: string) => Promise<string[]>;

const resolvers = new Map<string, TxtLookup>();

/**
 * TXT lookups through the system resolver, or through DNS_SERVERS (`ip` or `ip:port`, IPv6 in
 * brackets) when set; one resolver per server list. A lookup that fails (no such name, no
 * answer, a timeout) finds no records.
 */
export function txtLookup(servers: readonly string[] = []): TxtLookup {
  const key = servers.join(",");
  let lookup = resolvers.get(key);
  if (!lookup) {
    const resolver = new Resolver({ timeout: 3_000, tries: 2 });
    if (servers.length) resolver.setServers([...servers]);
    lookup = async (name) => {
      try {
        return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(""));
      } catch {
        return [];
      }
    };
    resolvers.set(key, lookup);
  }
  return lookup;
}
