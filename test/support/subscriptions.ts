// Subscription clients for the tests and bench/subscriptions.ts: graphql-ws over `ws`, and SSE over
// fetch. Each returns a Feed: what arrived, a way to wait for the next message, and the end. Plus
// two probes: the bus's listener count, and `until`.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

export type Result = { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };

export type Feed = {
  received: Result[];
  /** The next message not yet taken (in arrival order); rejects after `ms` or when the feed ended without one. */
  next: (ms?: number) => Promise<Result>;
  /** Settles when the server completes the subscription (or the transport ends it). */
  ended: Promise<{ error?: unknown }>;
  close: () => void;
};

function feed(close: () => void) {
  const received: Result[] = [];
  let taken = 0;
  let isOver = false;
  const waiting = new Set<() => void>();
  const wake = () => [...waiting].forEach((resume) => resume());
  let end!: (outcome: { error?: unknown }) => void;
  const ended = new Promise<{ error?: unknown }>((resolve) => (end = resolve));
  const next = async (ms = 5_000): Promise<Result> => {
    const deadline = Date.now() + ms;
    while (taken >= received.length) {
      if (isOver) throw new Error(`the subscription ended after ${received.length} messages`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${ms} ms (${received.length} received)`);
      await new Promise<void>((resolve) => {
        const resume = () => (clearTimeout(timer), waiting.delete(resume), resolve());
        const timer = setTimeout(resume, left);
        waiting.add(resume);
      });
    }
    return received[taken++]!;
  };
  const push = (result: Result) => (received.push(result), wake());
  const finish = (outcome: { error?: unknown }) => ((isOver = true), end(outcome), wake());
  return { feed: { received, next, ended, close } satisfies Feed, push, finish };
}

/** A graphql-ws client; the key goes in connectionParams, or in the upgrade request's headers. */
export function wsClient(
  base: string,
  options: { connectionParams?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Client {
  const { headers } = options;
  class HeaderSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({
    url: `${base.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: headers ? HeaderSocket : WebSocket,
    connectionParams: options.connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
}

export function subscribeWs(client: Client, query: string, variables?: Record<string, unknown>): Feed {
  let dispose = () => {};
  const { feed: f, push, finish } = feed(() => dispose());
  dispose = client.subscribe(
    { query, variables },
    { next: (value) => push(value as Result), error: (error) => finish({ error }), complete: () => finish({}) },
  );
  return f;
}

/**
 * A subscription over SSE (graphql-yoga's "distinct connections" protocol): `event: next` with a
 * `data:` line per message, `event: complete` at the end. Resolves once the response started.
 */
export async function subscribeSse(
  base: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const abort = new AbortController();
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  const { feed: f, push, finish } = feed(() => abort.abort());
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    let event = "";
    try {
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
          const line = buffer.slice(0, at);
          buffer = buffer.slice(at + 1);
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:") && event === "next") push(JSON.parse(line.slice(5)) as Result);
          else if (event === "complete" && line === "") return finish({});
        }
      }
      finish({ error: new Error("the stream ended without `complete`") });
    } catch (error) {
      finish({ error });
    }
  })();
  return { ...f, status: response.status, contentType: response.headers.get("content-type") };
}

/**
 * Counts the bus's listeners (each subscription holds one while it lives): tests wait for a
 * subscription to be live before writing, and check that teardown gives every listener back.
 */
export function countListeners(bus: { subscribe: (listener: (event: any) => void) => () => void }): () => number {
  let active = 0;
  const subscribe = bus.subscribe.bind(bus);
  bus.subscribe = (listener) => {
    const unsubscribe = subscribe(listener);
    let on = true;
    active++;
    return () => {
      if (on) active--;
      on = false;
      unsubscribe();
    };
  };
  return () => active;
}

/** Polls `condition` until it holds; rejects after `ms`. */
export async function until(condition: () => boolean, ms = 5_000, what = "the condition") {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
