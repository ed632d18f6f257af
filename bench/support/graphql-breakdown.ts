// What a trivial GraphQL request costs in Vigil, part by part (bench/graphql.ts runs it when the
// trivial query misses its goal): the server process's own CPU time per request (from
// /proc/<pid>/stat, so the load generator's CPU is not counted), for requests that each add one
// part to the one before: Fastify alone, GraphQL without a key, with a key (auth), the viewer
// resolver, and the viewer's account (its database read). Plain graphql-yoga is the reference.
import { existsSync, readFileSync } from "node:fs";

type Variant = { name: string; base: string; pid: number; path: string; init: RequestInit };

export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000; // utime + stime, in clock ticks of 10 ms
}

/**
 * The server process's own CPU (from /proc/<pid>/stat, so not the client's) per request, over
 * `requests` calls of `send` (the i-th request gets i), `concurrency` at a time, after `warmUp` calls.
 */
export async function serverCpuPerRequest(
  pid: number,
  send: (i: number) => Promise<void>,
  { requests, concurrency = 10, warmUp = 200 }: { requests: number; concurrency?: number; warmUp?: number },
): Promise<number> {
  for (let i = 0; i < warmUp; i++) await send(i);
  const before = cpuMicros(pid);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) await send(warmUp + next++);
    }),
  );
  return (cpuMicros(pid) - before) / requests;
}

async function perRequest({ base, pid, path, init }: Variant, requests: number): Promise<number> {
  return serverCpuPerRequest(
    pid,
    async () => {
      const response = await fetch(`${base}${path}`, init);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    },
    { requests },
  );
}

export async function printBreakdown(
  vigil: { base: string; pid: number; apiKey: string },
  plain: { base: string; pid: number },
  requests = 3000,
) {
  if (!existsSync(`/proc/${vigil.pid}/stat`)) return console.log("(no /proc: the per-part breakdown needs Linux)");
  const post = (query: string, key?: string): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query }),
  });
  const variants: Variant[] = [
    { name: "plain graphql-yoga { hello } (reference)", ...plain, path: "/graphql", init: post("{ hello }") },
    { name: "vigil GET /-/liveness (Fastify alone)", ...vigil, path: "/-/liveness", init: { method: "GET" } },
    { name: "vigil { __typename }, no key", ...vigil, path: "/graphql", init: post("{ __typename }") },
    {
      name: "vigil { __typename }, with key (+ auth)",
      ...vigil,
      path: "/graphql",
      init: post("{ __typename }", vigil.apiKey),
    },
    {
      name: "vigil { viewer { __typename } } (+ resolver)",
      ...vigil,
      path: "/graphql",
      init: post("{ viewer { __typename } }", vigil.apiKey),
    },
    {
      name: "vigil { viewer { account { id } } } (+ its read)",
      ...vigil,
      path: "/graphql",
      init: post("{ viewer { account { id } } }", vigil.apiKey),
    },
  ];
  console.log(`\nserver CPU per request, part by part (${requests} requests each, 10 at a time, best of 2 runs):`);
  for (const variant of variants) {
    const us = Math.min(await perRequest(variant, requests), await perRequest(variant, requests));
    console.log(`${us.toFixed(0).padStart(7)} us  ${variant.name}`);
  }
}
