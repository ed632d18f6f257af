// Issue 12, findings 1, 2 and 4: documents that anyone, without a key, could send to exhaust the
// heap, block the event loop or overflow the stack. Each is sent as the attack was.
import { Writable } from "node:stream";
import { createClient as createSseClient } from "graphql-sse";
import { createYoga } from "graphql-yoga";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { useLimitedDocumentCache } from "../../../src/graphql/document-cache.js";
import { schema } from "../../../src/graphql/schema.js";
import { graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { subscribeWs, wsClient } from "../../support/subscriptions.js";

/** `{ viewer { account { id } } ... }` about 780 KB long; `salt` makes each one unique. */
const hugeDocument = (salt: number) => `# ${salt}\n{ ${"viewer { account { id } } ".repeat(30_000)}}`;

/** 2^n paths through n fragments, each spreading the next twice; `comment` defeats any cache. */
const exponentialDocument = (n: number, comment = "") => {
  const fragments = Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  return `${comment}\nquery { ...F0 }\n${fragments.join("\n")}\nfragment F${n} on Query { __typename }`;
};

const nested = (levels: number) => `${"{ viewer ".repeat(levels)}${"}".repeat(levels)}`;

type Line = { level: number; msg: string };

const cases = () =>
  [
    [exponentialDocument(26, `# ${Math.random()}`), "QUERY_TOO_COSTLY"],
    [hugeDocument(99), "DOCUMENT_TOO_LARGE"],
    [nested(5_000), "QUERY_TOO_DEEP"],
  ] as const;

describe(`hostile GraphQL documents without a key on ${testProvider}`, () => {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  const t = useTestApp({}, { logger: pino({ level: "debug" }, sink) });

  it("refuses unique 780 KB documents before parsing them, and caches none of them", async () => {
    const before = t.app.graphqlCacheBytes();
    for (let salt = 0; salt < 8; salt++) {
      const document = hugeDocument(salt);
      expect(document.length).toBeGreaterThan(780_000);
      const answer = await graphql(t.url, document);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({
          message: "the GraphQL document is too large: more than 100000 bytes (GRAPHQL_MAX_DOCUMENT_BYTES)",
          extensions: expect.objectContaining({ code: "DOCUMENT_TOO_LARGE" }),
        }),
      ]);
    }
    expect(t.app.graphqlCacheBytes()).toBe(before);
  });

  it("refuses a document within the byte limit but over the token limit", async () => {
    const document = `{ ${"viewer { account { id } } ".repeat(3_500)}}`;
    expect(document.length).toBeLessThan(100_000);
    const answer = await graphql(t.url, document);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({
      message: "the GraphQL document is too large: more than 10000 tokens",
      extensions: { code: "DOCUMENT_TOO_LARGE" },
    });
  });

  it("answers 22 and 26 fragments that spread each other twice with an error, over HTTP", async () => {
    for (const [n, comment] of [
      [22, ""],
      [26, ""],
      [26, `# ${Math.random()}`],
      [26, `# ${Math.random()}`],
    ] as const) {
      const document = exponentialDocument(n, comment);
      expect(document.length).toBeLessThan(2_000);
      const answer = await graphql(t.url, document);
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors?.[0]).toMatchObject({
        message: "query costs too much: more than 100000 (estimated before running it)",
        extensions: { code: "QUERY_TOO_COSTLY" },
      });
    }
  });

  it("refuses fields repeated so often that comparing them would take quadratic time", async () => {
    for (const document of [
      `# ${Math.random()}\n{ ${"viewer { account { id } } ".repeat(200)}}`,
      `{ ${Array.from({ length: 120 }, (_, i) => `...F${i}`).join(" ")} }
       ${Array.from({ length: 120 }, (_, i) => `fragment F${i} on Query { viewer { account { id } } }`).join("\n")}`,
    ]) {
      const answer = await graphql(t.url, document);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]).toMatchObject({
        message: expect.stringMatching(
          /^query repeats fields or fragment spreads too often: \d+ pairs to compare, at most 5000/,
        ),
        extensions: { code: "TOO_MANY_OVERLAPPING_FIELDS" },
      });
    }
    // A few repeats, as real documents have them, are fine.
    const few = await graphql(t.url, `{ ${"__typename ".repeat(20)}}`);
    expect(few.body).toEqual({ data: { __typename: "Query" } });
  });

  it("answers the 26-fragment document with an error over graphql-ws", async () => {
    const client = wsClient(t.url);
    try {
      const feed = subscribeWs(client, exponentialDocument(26, `# ${Math.random()}`));
      const outcome = await feed.ended;
      const errors = (outcome.error ?? feed.received[0]?.errors) as { message: string; extensions?: object }[];
      expect(errors[0]).toMatchObject({ extensions: { code: "QUERY_TOO_COSTLY" } });
    } finally {
      await client.dispose();
    }
  });

  it("answers hostile documents with errors over graphql-sse (distinct connections)", async () => {
    const client = createSseClient({ url: `${t.url}/graphql`, retryAttempts: 0 });
    const outcome = (query: string) =>
      new Promise<unknown>((resolve) => {
        const received: unknown[] = [];
        client.subscribe(
          { query },
          { next: (value) => received.push(value), error: resolve, complete: () => resolve(received) },
        );
      });
    try {
      for (const [query, code] of cases()) expect(JSON.stringify(await outcome(query))).toContain(`"code":"${code}"`);
    } finally {
      client.dispose();
    }
  });

  it("answers hostile documents with a 400 over graphql-sse's single connection mode", async () => {
    for (const [query, code] of [...cases(), ["{ nope }", "GRAPHQL_VALIDATION_FAILED"] as const]) {
      const token = await (await fetch(`${t.url}/graphql`, { method: "PUT" })).text();
      const answer = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-event-stream-token": token },
        body: JSON.stringify({ query, extensions: { operationId: "1" } }),
      });
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { errors: { extensions: { code: string } }[] };
      expect(body.errors[0]?.extensions.code).toBe(code);
    }
  });

  it("answers 5,000 levels of nesting with a client error, and logs nothing at error level", async () => {
    lines.length = 0;
    const answer = await graphql(t.url, nested(5_000));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: "query is too deep: more than 100 nested braces, brackets or parentheses",
        extensions: expect.objectContaining({ code: "QUERY_TOO_DEEP" }),
      }),
    ]);
    const deepValue = await graphql(t.url, `{ node(id: ${"[".repeat(5_000)}${"]".repeat(5_000)}) { id } }`);
    expect(deepValue.body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_DEEP");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("still answers an ordinary key-less document, and caches it", async () => {
    const answer = await graphql(t.url, "{ __typename }");
    expect(answer.body).toEqual({ data: { __typename: "Query" } });
    expect(t.app.graphqlCacheBytes()).toBeGreaterThan(0);
  });
});

describe("the document cache", () => {
  it("keeps no document that was refused, so unique refused documents cannot churn it", async () => {
    const documents = useLimitedDocumentCache({ maxDocumentBytes: 100_000, cacheBytes: 2_000_000 });
    const yoga = createYoga({ schema, plugins: [documents], parserAndValidationCache: false, logging: false });
    const ask = async (query: string) =>
      (
        await yoga.fetch("http://localhost/graphql", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query }),
        })
      ).json();
    for (let i = 0; i < 20; i++) {
      // A syntax error, an unknown field and an unknown argument, each made unique by a comment.
      expect((await ask(`# ${i}\n{ __typename`)).errors).toHaveLength(1);
      expect((await ask(`# ${i}\n{ noSuchField }`)).errors?.[0]?.message).toContain("noSuchField");
      expect((await ask(`# ${i}\n{ __typename(x: 1) }`)).errors?.[0]?.message).toContain('"x"');
    }
    expect(documents.cachedBytes()).toBe(0);
    expect(await ask("{ __typename }")).toEqual({ data: { __typename: "Query" } });
    expect(documents.cachedBytes()).toBeGreaterThan(0);
  });

  it("stays within its byte budget however many unique documents arrive", async () => {
    const cacheBytes = 2_000_000;
    const documents = useLimitedDocumentCache({ maxDocumentBytes: 100_000, cacheBytes });
    const yoga = createYoga({ schema, plugins: [documents], parserAndValidationCache: false, logging: false });
    const ask = (query: string) =>
      yoga.fetch("http://localhost/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
    // Each about 90 KB of comment plus a valid query: all within the limits, so all are cached.
    for (let i = 0; i < 60; i++) {
      const response = await ask(`# ${i} ${"x".repeat(90_000)}\n{ __typename }`);
      expect(await response.json()).toEqual({ data: { __typename: "Query" } });
      expect(documents.cachedBytes()).toBeLessThanOrEqual(cacheBytes);
    }
    expect(documents.cachedBytes()).toBeGreaterThan(cacheBytes / 2);
  });
});
