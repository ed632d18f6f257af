// Issue 12, findings 3 and 7: slow and malformed requests are answered with the REST error body of
// docs/decisions.md and their connection is closed; long-lived responses are not cut by the
// request timeout; connection caps per address and overall.
import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";
import { openSocket, rawRequest } from "../../support/raw-http.js";
import { globalId } from "../../support/global-id.js";
import { countListeners, subscribeSse, subscribeWs, until, wsClient } from "../../support/subscriptions.js";

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe(`malformed and slow requests on ${testProvider}`, () => {
  const t = useTestApp({
    HTTP_HEADERS_TIMEOUT_MS: "300",
    HTTP_REQUEST_TIMEOUT_MS: "600",
    HTTP_SEND_TIMEOUT_MS: "1000",
  });
  const auth = () => `Authorization: Bearer ${t.apiKey}\r\n`;

  it("answers a URL whose percent-encoding is not UTF-8 with a 400 of our shape, without Fastify's code", async () => {
    const response = await rawRequest(
      t.url,
      `GET /v1/checks/%C0%AF HTTP/1.1\r\nHost: x\r\n${auth()}Connection: close\r\n\r\n`,
    );
    expect(response.status).toBe(400);
    expect(json(response.body)).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "malformed URL: /v1/checks/%C0%AF is not valid percent-encoded UTF-8",
      validation: { source: "params", keys: [] },
    });
  });

  it("answers two Content-Length headers with a 400 of our shape and closes the connection", async () => {
    const response = await rawRequest(
      t.url,
      `POST /v1/check-groups HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    );
    expect(response).toMatchObject({ status: 400, closedBy: "end", headers: { connection: "close" } });
    expect(json(response.body)).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "malformed HTTP request: Duplicate Content-Length",
      validation: { source: "payload", keys: [] },
    });
    expect(await t.db.checkGroup.count({ where: { accountId: t.accountId } })).toBe(0);
  });

  it("answers an HTTP/1.1 request without Host with a 400 of our shape", async () => {
    const response = await rawRequest(t.url, "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(response.status).toBe(400);
    expect(json(response.body)).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "the Host header is missing",
      validation: { source: "params", keys: [] },
    });
  });

  it("answers a request line Node cannot parse with a 400 of our shape", async () => {
    const response = await rawRequest(t.url, "FOO / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(response).toMatchObject({ status: 400, closedBy: "end" });
    expect(json(response.body)).toMatchObject({
      statusCode: 400,
      message: "malformed HTTP request: Invalid method encountered",
    });
  });

  it("answers headers over 16 KiB with a 431 of our shape", async () => {
    const response = await rawRequest(t.url, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(json(response.body)).toEqual({
      statusCode: 431,
      error: "Request Header Fields Too Large",
      message: "the request headers are larger than 16 KiB",
    });
  });

  it("answers a WebSocket upgrade to a REST path with a 404 of our shape", async () => {
    const response = await rawRequest(
      t.url,
      "GET /v1/checks HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    );
    expect(response).toMatchObject({ status: 404, closedBy: "end" });
    expect(json(response.body)).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "no WebSocket endpoint at /v1/checks: GraphQL subscriptions are at /graphql",
    });
  });

  it("times out a body that arrives a byte at a time with a 408 of our shape, and closes the connection", async () => {
    const body = JSON.stringify({ name: `slow ${randomUUID()}` });
    const response = await rawRequest(
      t.url,
      `POST /v1/check-groups HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      { trickle: { chunks: [...body], intervalMs: 100 } },
    );
    expect(response).toMatchObject({ status: 408, closedBy: "end" });
    expect(json(response.body)).toEqual({
      statusCode: 408,
      error: "Request Timeout",
      message: "the request did not arrive in time (headers within 300 ms, the whole request within 600 ms)",
    });
    expect(await t.db.checkGroup.count({ where: { accountId: t.accountId } })).toBe(0);
  });

  it("times out a connection that sends nothing, and headers that never end", async () => {
    for (const request of ["", "GET /health HTTP/1.1\r\nHost: x\r\n"]) {
      const response = await rawRequest(t.url, request);
      expect(response).toMatchObject({ status: 408, closedBy: "end" });
      expect(json(response.body)).toMatchObject({ statusCode: 408, error: "Request Timeout" });
    }
  });

  it("sends no second answer when a slow body was already answered (a 401 before the body)", async () => {
    const response = await rawRequest(
      t.url,
      "POST /v1/check-groups HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n",
      { trickle: { chunks: [..."{".repeat(10)], intervalMs: 100 } },
    );
    expect(response.status).toBe(401);
    expect(response.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it("keeps an SSE stream, a WebSocket and a long poll open longer than the request and send timeouts", async () => {
    const listeners = countListeners(t.app.context.events);
    const check = await checkFactory(t, { locations: ["eu-west-1"] })();
    const query = "subscription ($checkId: ID) { checkResultRecorded(checkId: $checkId) { id } }";
    const sse = await subscribeSse(t.url, query, { checkId: check.id }, bearer(t.apiKey));
    const client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    const ws = subscribeWs(client, query, { checkId: check.id });
    await until(() => listeners() === 2, 5_000, "both subscriptions");
    const session = await t.api.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
    const sessionId = session.body.sessions[0].checkSessionId as string;
    // A 2 s wait (the request timeout is 0.6 s, the send timeout 1 s) that answers 408 because the session still runs.
    const poll = await fetch(`${t.url}/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=2`, {
      headers: bearer(t.apiKey),
    });
    expect(poll.status).toBe(408);
    expect(await poll.json()).toMatchObject({ message: expect.stringContaining("still in progress") });

    const run = await t.db.checkRun.findFirstOrThrow({ where: { sessionId } });
    const result = await resultRecorder(t)({ checkId: check.id, checkRunId: run.id, runLocation: "eu-west-1" });
    const id = globalId("CheckResult", result.id);
    expect((await sse.next()).data.checkResultRecorded.id).toBe(id);
    expect((await ws.next()).data.checkResultRecorded.id).toBe(id);
    sse.close();
    ws.close();
    await client.dispose();
    expect(t.app.connections().stalledClosed).toBe(0);
  });
});

describe(`connection caps on ${testProvider}`, () => {
  const t = useTestApp({ MAX_CONNECTIONS_PER_ADDRESS: "3" });
  const held: Socket[] = [];
  afterEach(() => {
    for (const socket of held.splice(0)) socket.destroy();
  });
  const health = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

  it("answers a connection over the per-address cap with 429 and Retry-After, while other addresses are served", async () => {
    for (let i = 0; i < 3; i++) held.push(await openSocket(t.url, "127.0.0.2"));
    const refused = await rawRequest(t.url, health, { localAddress: "127.0.0.2" });
    expect(refused).toMatchObject({ status: 429, headers: { "retry-after": "1", connection: "close" } });
    expect(json(refused.body)).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: "too many open connections from your address (at most 3)",
    });
    expect((await rawRequest(t.url, health, { localAddress: "127.0.0.3" })).status).toBe(200);
    expect((await fetch(`${t.url}/health`)).status).toBe(200);

    // One of the three leaves: the address may connect again.
    const leaving = held.pop()!;
    await new Promise((resolve) => (leaving.once("close", resolve), leaving.destroy()));
    await until(() => t.app.connections().open <= 3, 5_000, "the server to see the socket close");
    expect((await rawRequest(t.url, health, { localAddress: "127.0.0.2" })).status).toBe(200);
    expect(t.app.connections().refused.perAddress).toBe(1);
  });
});

describe(`the overall connection cap on ${testProvider}`, () => {
  const t = useTestApp({ MAX_CONNECTIONS: "2", MAX_CONNECTIONS_PER_ADDRESS: "0" });

  it("answers a connection over MAX_CONNECTIONS with 503 and Retry-After", async () => {
    const held = [await openSocket(t.url, "127.0.0.4"), await openSocket(t.url, "127.0.0.5")];
    await until(() => t.app.connections().open === 2, 5_000, "both sockets accepted");
    const refused = await rawRequest(t.url, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n", { localAddress: "127.0.0.6" });
    expect(refused).toMatchObject({ status: 503, headers: { "retry-after": "1" } });
    expect(json(refused.body)).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
    for (const socket of held) socket.destroy();
  });
});
