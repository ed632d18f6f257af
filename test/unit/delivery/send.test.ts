import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { nextDelivery } from "../../../src/domain/alert-notifications/delivery-rules.js";
import { alertVariables } from "../../../src/domain/alert-templates/variables.js";
import { parseStoredChannel } from "../../../src/domain/alert-channels/schemas.js";
import { deliver, sendRequest } from "../../../src/delivery/index.js";
import { sampleInput } from "../../support/alert-sample.js";
import { startReceiver } from "../../support/receiver.js";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.splice(0);
  receiver.reply((res) => res.end("ok"));
});

const post = (path = "/in") => ({ method: "POST", url: `${receiver.url}${path}`, headers: {}, body: "{}" });
const now = new Date("2026-01-01T00:00:00.000Z");

describe("sending one try", () => {
  it("reports the status, the body and Retry-After", async () => {
    receiver.reply((res) => {
      res.writeHead(429, { "retry-after": "120" });
      res.end("slow down");
    });
    const result = await sendRequest(post(), { blockPrivateTargets: false });
    expect(result).toEqual({ kind: "response", status: 429, body: "slow down", retryAfter: "120" });
    expect(nextDelivery({ tries: 1, result, now })).toEqual({
      status: "IN_PROGRESS",
      nextAttemptAt: new Date(now.getTime() + 120_000),
      notificationResult: "HTTP 429: slow down",
      deactivate: false,
    });
  });

  it("retries a 503 and deactivates on a 410, from real responses", async () => {
    receiver.reply((res) => {
      res.statusCode = 503;
      res.end("maintenance");
    });
    expect(
      nextDelivery({ tries: 2, result: await sendRequest(post(), { blockPrivateTargets: false }), now }),
    ).toMatchObject({
      status: "IN_PROGRESS",
      nextAttemptAt: new Date(now.getTime() + 60_000),
    });
    receiver.reply((res) => {
      res.statusCode = 410;
      res.end("this hook was deleted");
    });
    expect(nextDelivery({ tries: 1, result: await sendRequest(post(), { blockPrivateTargets: false }), now })).toEqual({
      status: "FAILURE",
      nextAttemptAt: null,
      notificationResult: "HTTP 410: this hook was deleted",
      deactivate: true,
    });
  });

  it("does not follow redirects", async () => {
    receiver.reply((res) => {
      res.writeHead(302, { location: `${receiver.url}/elsewhere` });
      res.end("moved");
    });
    const result = await sendRequest(post(), { blockPrivateTargets: false });
    expect(result).toMatchObject({ kind: "response", status: 302 });
    expect(receiver.received.map((r) => r.path)).toEqual(["/in"]);
    expect(nextDelivery({ tries: 1, result, now }).status).toBe("FAILURE");
  });

  it("reads a bounded part of a large body, and notificationResult keeps 1 KiB of it", async () => {
    receiver.reply((res) => {
      res.statusCode = 500;
      const chunk = "y".repeat(64 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 200 && res.write(chunk)) sent++;
        if (sent < 200) res.once("drain", more);
        else res.end();
      };
      more();
    });
    const result = await sendRequest(post(), { blockPrivateTargets: false });
    expect(result.kind).toBe("response");
    if (result.kind !== "response") return;
    expect(result.body.length).toBeLessThanOrEqual(4096);
    expect(result.body.length).toBeGreaterThanOrEqual(1024);
    expect(nextDelivery({ tries: 1, result, now }).notificationResult).toBe(`HTTP 500: ${"y".repeat(1024)}`);
  });

  it("gives up after the timeout, as a network error that is retried", async () => {
    receiver.reply(() => {
      /* never answers */
    });
    const started = Date.now();
    const result = await sendRequest(post(), { blockPrivateTargets: false, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toEqual({ kind: "error", message: "timed out after 300 ms", retryable: true });
    expect(nextDelivery({ tries: 1, result, now })).toMatchObject({
      status: "IN_PROGRESS",
      notificationResult: "timed out after 300 ms",
    });
  });

  it("refuses a header Node cannot send, without throwing", async () => {
    const result = await sendRequest(
      { ...post(), headers: { "x-bad": "a\r\nInjected: yes" } },
      { blockPrivateTargets: false },
    );
    expect(result).toMatchObject({ kind: "error", retryable: false });
    expect(receiver.received).toEqual([]);
  });

  it("reports a refused connection as a network error that is retried", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await sendRequest({ ...post(), url: `http://127.0.0.1:${port}/` }, { blockPrivateTargets: false });
    expect(result).toMatchObject({ kind: "error", retryable: true });
    expect(result.kind === "error" && result.message).toMatch(/ECONNREFUSED/);
  });
});

describe("BLOCK_PRIVATE_TARGETS", () => {
  const config = {
    smtpUrl: null,
    emailFrom: "Vigil <vigil@localhost>",
    pagerdutyEventsUrl: `http://127.0.0.1:1/v2/enqueue`,
    opsgenieApiUrl: null,
    telegramApiUrl: "https://api.telegram.org",
    blockPrivateTargets: true,
  };
  const message = {
    notificationId: "n1",
    alertType: "ALERT_FAILURE" as const,
    variables: alertVariables(sampleInput),
    now,
  };

  it("refuses a tenant's URL on 127.0.0.1 or a name resolving to it, for good", async () => {
    for (const url of [`${receiver.url}/hook`, `http://localhost:${receiver.port}/hook`]) {
      const channel = parseStoredChannel("WEBHOOK", { name: "h", url });
      const result = await deliver(channel, message, config);
      expect(result).toMatchObject({ kind: "error", retryable: false });
      expect(result.kind === "error" && result.message).toMatch(/^refused: .*BLOCK_PRIVATE_TARGETS/);
      expect(nextDelivery({ tries: 1, result, now }).status).toBe("FAILURE");
    }
    const slack = parseStoredChannel("SLACK", { url: `${receiver.url}/services/x` });
    expect(await deliver(slack, message, config)).toMatchObject({ kind: "error", retryable: false });
    expect(receiver.received).toEqual([]);
  });

  it("lets the same URL through when off", async () => {
    const channel = parseStoredChannel("WEBHOOK", { name: "h", url: `${receiver.url}/hook` });
    expect(await deliver(channel, message, { ...config, blockPrivateTargets: false })).toMatchObject({ status: 200 });
    expect(receiver.take().path).toBe("/hook");
  });
});
