// Issue 12, finding 5: a shutdown under load answers every request that reaches the server, in
// full or with 503 and `Connection: close`, and resets none (a long poll cut short by a stop answers
// 503: test/integration/check-sessions/rest-completion.test.ts).
import { request as httpRequest, Agent as HttpAgent } from "node:http";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/client.js";
import { startTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { hammerCheckGroups, unacceptable } from "../../support/hammer.js";
import { serveWithAccount } from "../../support/process.js";
import { openSocket, parseResponse, rawRequest } from "../../support/raw-http.js";
import { until } from "../../support/subscriptions.js";

/** Check groups the account holds, read through a connection of our own (the server's is closed). */
async function committedGroups(databaseUrl: string, accountId: string) {
  const database = await openDatabase(databaseUrl);
  try {
    return await database.prisma.checkGroup.count({ where: { accountId } });
  } finally {
    await database.close();
  }
}

/** A keep-alive socket that has been idle since before the shutdown (it must be closed, not waited for). */
async function idleKeepAlive(url: string) {
  const agent = new HttpAgent({ keepAlive: true });
  await new Promise<void>((resolve, reject) =>
    httpRequest(`${url}/health`, { agent }, (res) => res.resume().on("end", resolve))
      .on("error", reject)
      .end(),
  );
  return agent;
}

describe(`shutdown under load on ${testProvider}`, () => {
  it("answers every POST written while stop() runs in full or with 503 and Connection: close, and resets none", async () => {
    const t = await startTestApp({ SHUTDOWN_TIMEOUT_MS: "20000" });
    const idle = await idleKeepAlive(t.url);
    let stopped: Promise<void> | undefined;
    const outcomes = await hammerCheckGroups(t.url, t.apiKey, { whenWarm: () => (stopped = t.stop()) });
    await stopped;
    idle.destroy();

    expect(unacceptable(outcomes)).toEqual([]);
    const created = outcomes.filter((o) => o.kind === "response" && o.status === 201).length;
    expect(created).toBeGreaterThanOrEqual(40);
    expect(outcomes.filter((o) => o.kind === "response" && o.status === 503).length).toBeGreaterThan(0);
    // Every 201 was committed, and nothing else was: no client is left not knowing.
    expect(await committedGroups(t.databaseUrl, t.accountId)).toBe(created);
  });
});

describe(`draining on ${testProvider}`, () => {
  it("finishes a request read before the stop, and answers a WebSocket upgrade during the drain with a 503 of our shape", async () => {
    const t = await startTestApp({ SHUTDOWN_TIMEOUT_MS: "20000" });
    const body = JSON.stringify({ name: "in flight" });
    const inFlight = await openSocket(t.url);
    let answer = "";
    inFlight.on("data", (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => inFlight.once("close", resolve));
    inFlight.write(
      `POST /v1/check-groups HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await until(() => t.app.connections().open === 1, 5_000, "the request to arrive");
    await new Promise((r) => setTimeout(r, 100));
    const stopping = t.stop();
    const upgrade = await rawRequest(
      t.url,
      "GET /graphql HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n",
    );
    expect(upgrade).toMatchObject({ status: 503, headers: { "retry-after": "1", connection: "close" } });
    expect(JSON.parse(upgrade.body)).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
    inFlight.write(body.slice(5));
    await closed;
    const response = parseResponse(answer);
    expect(response).toMatchObject({ status: 201, headers: { connection: "close" } });
    expect(JSON.parse(response.body)).toMatchObject({ name: "in flight" });
    await stopping;
  });
});

describe(`vigil serve on SIGTERM under load on ${testProvider}`, () => {
  it("answers every POST written after the signal in full or with 503, resets none, and exits 0", async () => {
    const served = await serveWithAccount();
    const { accountId, apiKey, databaseUrl } = served;
    const idle = await idleKeepAlive(served.url);
    const outcomes = await hammerCheckGroups(served.url, apiKey, { whenWarm: () => served.child.kill("SIGTERM") });
    expect(await served.exited).toBe(0);
    idle.destroy();

    expect(unacceptable(outcomes)).toEqual([]);
    const created = outcomes.filter((o) => o.kind === "response" && o.status === 201).length;
    expect(outcomes.filter((o) => o.kind === "response" && o.status === 503).length).toBeGreaterThan(0);
    expect(await committedGroups(databaseUrl, accountId)).toBe(created);
  });
});
