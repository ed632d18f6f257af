import { createClient as createSseClient } from "graphql-sse";
import { createClient as createWsClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { countListeners, until } from "../../support/subscriptions.js";
import { addUpdate, pageWithIncident } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient, type RestClient } from "../../support/rest.js";

const UPDATES = `subscription ($incidentId: ID) { incidentUpdateAdded(incidentId: $incidentId) { id description } }`;

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
  let api: RestClient;
  beforeAll(async () => {
    t = await startTestApp();
    api = restClient(t.url, t.apiKey);
  });
  afterAll(() => t.stop());

  for (const singleConnection of [true, false]) {
    it(`runs queries and subscriptions with graphql-sse's client, singleConnection: ${singleConnection}`, async () => {
      const fixture = await pageWithIncident(api, `SSE ${singleConnection}`);
      const client = createSseClient({
        url: `${t.url}/graphql`,
        singleConnection,
        headers: { authorization: `Bearer ${t.apiKey}` },
        retryAttempts: 0,
      });
      try {
        const viewer = await results(client, "{ viewer { account { id } } }").done;
        expect(viewer).toEqual([{ data: { viewer: { account: { id: t.accountId } } } }]);

        const listeners = countListeners(t.app.context.events);
        const before = listeners();
        const feed = results(client, UPDATES, { incidentId: globalId("Incident", fixture.incidentId) });
        await until(() => listeners() > before, 5_000, "the subscription");
        const update = await addUpdate(api, fixture.incidentId, "Over SSE");
        expect(await feed.done).toEqual([
          { data: { incidentUpdateAdded: { id: globalId("IncidentUpdate", update.id), description: "Over SSE" } } },
        ]);
        feed.stop();
        await until(() => listeners() === before, 5_000, "the listener given back");
      } finally {
        client.dispose();
      }
    });
  }

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

  it("serves GraphiQL with its assets from this server, referencing no other host", async () => {
    const page = await fetch(`${t.url}/graphql`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("YogaGraphiQL.renderYogaGraphiQL");
    expect(html.length).toBeLessThan(10_000);
    expect(html.match(/(?:https?:)?\/\/[a-z0-9.-]+/gi) ?? []).toEqual([]);

    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"|: "(\/graphql\?graphiql=[^"]+)"/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(assets).toEqual(
      expect.arrayContaining([
        "/graphql?graphiql=graphiql.js",
        "/graphql?graphiql=graphiql.css",
        "/graphql?graphiql=favicon.ico",
        "/graphql?graphiql=editor.worker.js",
        "/graphql?graphiql=json.worker.js",
        "/graphql?graphiql=graphql.worker.js",
      ]),
    );
    for (const path of assets) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect((await response.arrayBuffer()).byteLength, path).toBeGreaterThan(1000);
    }
    const script = await fetch(`${t.url}/graphql?graphiql=graphiql.js`);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect(await script.text()).toContain("renderYogaGraphiQL");
    expect((await fetch(`${t.url}/graphql?graphiql=nothing.js`)).status).toBe(404);
  });
});
