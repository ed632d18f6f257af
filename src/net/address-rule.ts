import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * The address rule of BLOCK_PRIVATE_TARGETS (docs/decisions.md, "Running tenants' code and
 * requests safely"): an address is judged by its bytes, never by how it was written, so
 * `::ffff:127.0.0.1`, `::ffff:7f00:1` and `0:0:0:0:0:ffff:127.0.0.1` are all 127.0.0.1. IPv4
 * carried inside IPv6 (mapped `::ffff:0:0/96`, compatible `::/96`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) is judged as the IPv4 address it carries.
 */

const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  refusedV4.addSubnet(network, prefix, "ipv4");
}

const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["64:ff9b:1::", 48], // local-use NAT64
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  refusedV6.addSubnet(network, prefix, "ipv6");
}

/** The 16 bytes of an IPv6 address (any textual form, with or without a zone), or null. */
export function ipv6Bytes(address: string): Uint8Array | null {
  const text = address.replace(/%.*$/, "");
  if (!isIPv6(text)) return null;
  let groups: string[];
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let head = text;
  const bytes = new Uint8Array(16);
  let v4: number[] = [];
  if (tail) {
    v4 = tail[1]!.split(".").map(Number);
    head = text.slice(0, -tail[1]!.length);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const wanted = tail ? 6 : 8;
  if (head.includes("::")) {
    const [left, right] = head.split("::") as [string, string];
    const l = left ? left.split(":") : [];
    const r = right ? right.split(":") : [];
    groups = [...l, ...Array(wanted - l.length - r.length).fill("0"), ...r];
  } else {
    groups = head ? head.split(":") : [];
  }
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  if (tail) bytes.set(v4, 12);
  return bytes;
}

const dotted = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const zero = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), or null. */
export function embeddedIPv4(bytes: Uint8Array): string | null {
  if (zero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return dotted(bytes, 12);
  if (zero(bytes, 0, 12) && !zero(bytes, 12, 16)) return dotted(bytes, 12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(bytes, 4, 12)) {
    return dotted(bytes, 12);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dotted(bytes, 2);
  return null;
}

/**
 * Whether BLOCK_PRIVATE_TARGETS refuses this address: loopback, private, link-local,
 * unique-local, multicast, unspecified and reserved, IPv4 inside IPv6 included. Anything that
 * is not an IP address at all is refused too (a caller must resolve names first).
 */
export function isPrivateAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, "");
  if (isIPv4(text)) return refusedV4.check(text, "ipv4");
  const bytes = ipv6Bytes(text);
  if (!bytes) return true;
  const carried = embeddedIPv4(bytes);
  if (carried) return refusedV4.check(carried, "ipv4");
  const canonical = Array.from({ length: 8 }, (_, i) => ((bytes[i * 2]! << 8) | bytes[i * 2 + 1]!).toString(16)).join(
    ":",
  );
  return refusedV6.check(canonical, "ipv6");
}

/**
 * An operator's exceptions to the rule (PRIVATE_TARGETS_ALLOW: comma-separated CIDRs or
 * addresses), e.g. a monitored intranet range; the tests use it to reach 127.0.0.2 only.
 */
export function parseAllowList(text: string): { list: BlockList; errors: string[] } {
  const list = new BlockList();
  const errors: string[] = [];
  for (const entry of text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [network = "", prefixText] = entry.split("/");
    const type = isIPv4(network) ? "ipv4" : isIPv6(network) ? "ipv6" : null;
    const max = type === "ipv4" ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (!type || !Number.isInteger(prefix) || prefix < 0 || prefix > max || !/^\d*$/.test(prefixText ?? "")) {
      errors.push(`"${entry}" is not an address or CIDR range`);
      continue;
    }
    list.addSubnet(network, prefix, type);
  }
  return { list, errors };
}

/** The rule with its exceptions: refused unless allowed. */
export function createAddressRule(allow: BlockList | null) {
  return (address: string): boolean => {
    if (!isPrivateAddress(address)) return false;
    if (!allow) return true;
    const text = address.replace(/^\[|\]$/g, "");
    if (isIPv4(text)) return !allow.check(text, "ipv4");
    const bytes = ipv6Bytes(text);
    const carried = bytes ? embeddedIPv4(bytes) : null;
    return carried ? !allow.check(carried, "ipv4") : !allow.check(text, "ipv6");
  };
}

/** What decides the rule: BLOCK_PRIVATE_TARGETS and PRIVATE_TARGETS_ALLOW (absent: none allowed). */
export type TargetPolicy = { blockPrivateTargets: boolean; privateTargetsAllow?: readonly string[] | undefined };

const rules = new Map<string, (address: string) => boolean>();

/**
 * What every outbound request made for a tenant asks: `refuses(address)` of a resolved address.
 * Without BLOCK_PRIVATE_TARGETS nothing is refused. Rules are built once per allow-list.
 */
export function addressRuleFor(config: TargetPolicy): (address: string) => boolean {
  if (!config.blockPrivateTargets) return (_address: string) => false;
  const key = (config.privateTargetsAllow ?? []).join(",");
  let rule = rules.get(key);
  if (!rule) {
    rule = createAddressRule(key ? parseAllowList(key).list : null);
    rules.set(key, rule);
  }
  return rule;
}
