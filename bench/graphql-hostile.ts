// The key-less attacks of issue 12 against the real service (SQLite, in process, over loopback):
//   (a) 60 unique 780 KB documents (`{ viewer { account { id } } ... }` 30,000 times), which once grew
//       the heap by about 95 MiB each and killed the process;
//   (b) 26 fragments each spreading the next twice, a new comment each time (once about 90 s of
//       blocked event loop each), over HTTP and over graphql-ws;
//   (c) 5,000 levels of nesting (once a stack overflow logged at error level);
//   (d) 2,000 unique ordinary documents, all cached: the cache's estimated bytes against its budget;
//   (e) 200 copies of `viewer { account { id } }`, a new comment each time (graphql-js compares the
//       19,900 pairs: about 100 ms each before they were refused).
// It prints, for each, the answers' status or code, the slowest answer, and the heap's growth after
// a forced collection. Run with --expose-gc (the npm script does):
//   npm run bench:graphql-hostile
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { loadConfig } from "../src/config.js";
import { DOCUMENT_CACHE_BYTES } from "../src/graphql/document-cache.js";
import { buildApp } from "../src/server.js";
import { record } from "./support/report.js";

const gc = (globalThis as { gc?: () => void }).gc;
const heapMiB = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const huge = (salt: number) => `# ${salt}\n{ ${"viewer { account { id } } ".repeat(30_000)}}`;
const fragments = (n: number) =>
  [
    `# ${randomUUID()}`,
    "query { ...F0 }",
    ...Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`),
    `fragment F${n} on Query { __typename }`,
  ].join("\n");

await main();

async function main() {
  if (!gc) console.log("note: run with --expose-gc for heap figures (npm run bench:graphql-hostile does)");
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-hostile-"));
  const app = await buildApp(
    loadConfig({
      PORT: "0",
      LOG_LEVEL: "silent",
      ENGINE_ENABLED: "false",
      DATABASE_URL: `file:${join(dir, "bench.db")}`,
      RATE_LIMIT_PER_MINUTE: "0",
      KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
    }),
  );
  try {
    const { url } = await app.start();
    const post = async (query: string) => {
      const started = performance.now();
      const response = await fetch(`${url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
        body: JSON.stringify({ query }),
      });
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      return {
        ms: performance.now() - started,
        outcome: `${response.status} ${body.errors?.[0]?.extensions?.code ?? "ok"}`,
      };
    };
    const run = async (name: string, times: number, query: (i: number) => string) => {
      const before = heapMiB();
      const outcomes = new Map<string, number>();
      let slowest = 0;
      for (let i = 0; i < times; i++) {
        const { ms, outcome } = await post(query(i));
        slowest = Math.max(slowest, ms);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      const answers = [...outcomes].map(([outcome, n]) => `${n} x ${outcome}`).join(", ");
      const growth = heapMiB() - before;
      record({
        bench: "graphql-hostile",
        name: `${name}: slowest answer`,
        value: slowest,
        unit: "ms",
        better: "lower",
      });
      // Heap growth is the figure of (a), a document at a time, and (d), the cache's budget; the others stay near 0.
      if (/^\((a|d)\)/.test(name))
        record({ bench: "graphql-hostile", name: `${name}: heap growth`, value: growth, unit: "MiB", better: "lower" });
      console.log(
        `${name}: ${answers}; slowest ${slowest.toFixed(1)} ms; heap ${growth.toFixed(1)} MiB; ` +
          `document cache ${(app.graphqlCacheBytes() / 1024 / 1024).toFixed(2)} MiB of ${DOCUMENT_CACHE_BYTES / 1024 / 1024}`,
      );
    };
    await run("(a) 60 unique 780 KB documents", 60, huge);
    await run("(b) 20 x 26 fragments spread twice, HTTP", 20, () => fragments(26));
    await run("(c) 20 x 5,000 levels of nesting", 20, () => `${"{ viewer ".repeat(5_000)}${"}".repeat(5_000)}`);

    const client = createClient({
      url: `${url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    let slowest = 0;
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await new Promise<void>((resolve) =>
        client.subscribe(
          { query: fragments(26) },
          {
            next: () => codes.add("data"),
            error: (errors) => {
              codes.add((errors as { extensions?: { code?: string } }[])[0]?.extensions?.code ?? String(errors));
              resolve();
            },
            complete: resolve,
          },
        ),
      );
      slowest = Math.max(slowest, performance.now() - started);
    }
    await client.dispose();
    record({
      bench: "graphql-hostile",
      name: "(b) fragments over graphql-ws: slowest answer",
      value: slowest,
      unit: "ms",
      better: "lower",
    });
    console.log(
      `(b) 20 x 26 fragments spread twice, graphql-ws: ${[...codes].join(", ")}; slowest ${slowest.toFixed(1)} ms`,
    );

    await run("(e) 20 x 200 copies of one field", 20, (i) => `# ${i}\n{ ${"viewer { account { id } } ".repeat(200)}}`);
    await run("(d) 2,000 unique ordinary documents", 2_000, (i) => `# ${i} ${"x".repeat(20_000)}\n{ __typename }`);
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
