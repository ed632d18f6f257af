// Charges a V8 CPU profile taken over an in-process autocannon run to the parts of the server it
// ran in, per request: shared by bench/support/graphql-profile.ts and check-results-profile.ts.
import { Session } from "node:inspector/promises";
import type { Profiler } from "node:inspector";

/** A part's name and the script URLs that are its own; most specific first. */
export type Parts = [string, RegExp][];

/** The client's own frames (autocannon runs in the profiled process): never charged to the server. */
export const CLIENT: [string, RegExp] = [
  "client (autocannon, not the server)",
  /node_modules\/(autocannon|hdr-histogram|reinterval|retimer)\//,
];

/** Stopping the profiler serializes the profile in this process: not the server's either. */
const PROFILER: [string, RegExp] = ["profiler (stopping it)", /^node:inspector/];

/** Runs `run` under the V8 sampling profiler (200 us). */
export async function profiled<T>(run: () => Promise<T>): Promise<{ result: T; profile: Profiler.Profile }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const result = await run();
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  return { result, profile };
}

/**
 * Every sample is charged to the most specific part (the first of `parts`) that has a frame
 * anywhere in its stack; garbage collection, idle time and the profiler's own stop are parts of their own.
 */
export function charge(profile: Profiler.Profile, parts: Parts): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const memo = new Map<number, string>();
  const all = [PROFILER, ...parts];
  const partOf = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    let best = all.length;
    const leaf = byId.get(id)!.callFrame;
    if (leaf.functionName === "(garbage collector)") return "garbage collection";
    if (leaf.functionName === "(idle)") return "(idle)";
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      const index = all.findIndex(([, pattern]) => pattern.test(url));
      if (index !== -1 && index < best) best = index;
    }
    const part = best < all.length ? all[best]![0] : "other";
    memo.set(id, part);
    return part;
  };
  const spent = new Map<string, number>();
  profile.samples!.forEach((id, i) => spent.set(partOf(id), (spent.get(partOf(id)) ?? 0) + profile.timeDeltas![i]!));
  return spent;
}

/** Prints the server's CPU per request and each part's share (the client's and idle time excluded). */
export function printCharges(spent: Map<string, number>, requests: number) {
  const notServer = (part: string) => part === CLIENT[0] || part === PROFILER[0] || part === "(idle)";
  const server = [...spent].filter(([part]) => !notServer(part)).reduce((sum, [, us]) => sum + us, 0);
  console.log(`server CPU per request: ${(server / requests).toFixed(0)} us (the client's and idle time excluded)\n`);
  for (const [part, us] of [...spent].sort((a, b) => b[1] - a[1])) {
    const share = notServer(part) ? "" : `${((100 * us) / server).toFixed(1).padStart(5)} %`;
    console.log(`${(us / requests).toFixed(1).padStart(8)} us/request ${share.padStart(8)}  ${part}`);
  }
}

/** The `top` functions that spend the most CPU themselves (self time), for a look below the parts. */
export function printTop(profile: Profiler.Profile, requests: number, top: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples!.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^.*node_modules\//, "").replace(/^.*\/(src|dist)\//, "$1/");
    const name = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + profile.timeDeltas![i]!);
  });
  console.log("\nself time, top functions:");
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(us / requests).toFixed(1).padStart(8)} us/request  ${name}`);
}
