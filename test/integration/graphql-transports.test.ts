import { createClient as createWsClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestApp, type TestApp } from "../support/app.js";
import { testProvider } from "../support/database.js";

type Result = { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** The first `count` results of one operation on a graphql-sse or graphql-ws client. */
function results(
  client: { subscribe: (p: { query: string; variables?: any }, sink: any) => () => void },
  query: string,
  variables?: Record<string, unknown>,
  count = 1,
) {
  const got: Result[] = [];
  let stop = () => {};
  const done = new Promise<Result[]>((resolve, reject) => {
    stop = client.subscribe(
      { query, variables },
      {
        next: (value: Result) => {
          got.push(value);
          if (got.length === count) resolve(got);
        },
        error: reject,
        complete: () => resolve(got),
      },
    );
  });
  return { done, stop: () => stop() };
}

describe(`GraphQL transports on ${testProvider}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it("reads graphql-ws connectionParams keys in any case (Authorization, X-Service-Account)", async () => {
    const run = (connectionParams: Record<string, string>) => {
      const client = createWsClient({
        url: `${t.url.replace("http", "ws")}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams,
        retryAttempts: 0,
        lazy: true,
      });
      const { done } = results(client, "{ viewer { account { id } } }");
      return done.finally(() => client.dispose());
    };
    const mine = { data: { viewer: { account: { id: t.accountId } } } };
    expect(await run({ Authorization: `Bearer ${t.apiKey}` })).toEqual([mine]);
    expect(await run({ AUTHORIZATION: `Bearer ${t.apiKey}`, "X-Service-Account": t.accountId })).toEqual([mine]);
    await expect(run({ Authorization: "Bearer vg_wrong-key-wrong-key" })).rejects.toMatchObject({ code: 4403 });
  });
});
