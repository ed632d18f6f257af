import { appendFile, chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer as createHttpServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import dns2 from "dns2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryConfig } from "../../../src/config.js";
import { alertVariables } from "../../../src/domain/alert-templates/variables.js";
import { parseStoredChannel } from "../../../src/domain/alert-channels/schemas.js";
import { deliver } from "../../../src/delivery/index.js";
import { deliverToSubscriber } from "../../../src/delivery/subscriber.js";
import { defaultRunners } from "../../../src/engine/runners/index.js";
import { sampleInput } from "../../support/alert-sample.js";
import { effectiveWith } from "../../support/effective.js";

/**
 * BLOCK_PRIVATE_TARGETS holds for every check type and delivery kind (issue 25, point 1): real
 * listeners on 127.0.0.1 must never be contacted, however the address is written, while the same
 * listeners on 127.0.0.2 (PRIVATE_TARGETS_ALLOW) are reached, so the guard is what stops them.
 */
const hits = { refused: 0, allowed: 0 };
const closers: (() => void)[] = [];
const ports = { http: { refused: 0, allowed: 0 }, tcp: { refused: 0, allowed: 0 }, dns: { refused: 0, allowed: 0 } };
let pingDir = "";
const listen = (server: Server | ReturnType<typeof createTcpServer>, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  for (const [side, host] of [
    ["refused", "127.0.0.1"],
    ["allowed", "127.0.0.2"],
  ] as const) {
    const http = createHttpServer((req, res) => {
      hits[side]++;
      if (req.url === "/redirect") res.writeHead(302, { location: `http://[::ffff:7f00:1]:${ports.http.refused}/` });
      res.end("internal answer");
    });
    ports.http[side] = await listen(http, host);
    const tcp = createTcpServer((socket) => {
      hits[side]++;
      socket.end("internal banner\n");
    });
    ports.tcp[side] = await listen(tcp, host);
    const dns = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        hits[side]++;
        const response = dns2.Packet.createResponseFromRequest(request);
        response.answers.push({
          name: request.questions[0]!.name,
          type: dns2.Packet.TYPE.A,
          class: dns2.Packet.CLASS.IN,
          ttl: 60,
          address: "192.0.2.1",
        } as (typeof response.answers)[number]);
        send(response);
      },
    });
    await dns.listen({ udp: { port: 0, address: host } });
    ports.dns[side] = dns.addresses().udp!.port;
    closers.push(
      () => http.close(),
      () => tcp.close(),
      () => void dns.close(),
    );
  }
  // A ping that records whom it was asked to reach, then pings for real.
  pingDir = await mkdtemp(join(tmpdir(), "vigil-guard-"));
  await writeFile(join(pingDir, "ping"), `#!/bin/sh\necho "$@" >> "${pingDir}/asked"\nexec ping "$@"\n`);
  await chmod(join(pingDir, "ping"), 0o755);
  await appendFile(join(pingDir, "asked"), "");
});
afterAll(async () => {
  for (const close of closers) close();
  await rm(pingDir, { recursive: true, force: true });
});

const policy = { blockPrivateTargets: true, privateTargetsAllow: ["127.0.0.2/32"] };
const check = (checkType: string) => ({
  checkType,
  degradedResponseTime: null,
  maxResponseTime: null,
  shouldFail: false,
});
const run = (type: string, request: Record<string, unknown>) =>
  defaultRunners({ ...policy, timeoutMs: 3_000, ping: join(pingDir, "ping") })[type]!(
    check(type),
    effectiveWith(request),
    "eu-west-1",
  );
const error = (outcome: { apiCheckResult?: Record<string, unknown> }) => outcome.apiCheckResult?.requestError;

/** IPv4 loopback as written in IPv6: mapped (three spellings), compatible, NAT64 and 6to4. */
const disguised = (v4: string) => [
  v4,
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "0:0:0:0:0:ffff:127.0.0.1",
  "::127.0.0.1",
  "64:ff9b::7f00:1",
  "2002:7f00:1::",
];
const bracket = (host: string) => (host.includes(":") ? `[${host}]` : host);

describe("BLOCK_PRIVATE_TARGETS for every check type", () => {
  it("API and URL checks: never reach 127.0.0.1, however written, by name or by a redirect", async () => {
    const urls = [
      ...disguised("127.0.0.1").map((host) => `http://${bracket(host)}:${ports.http.refused}/`),
      `http://localhost:${ports.http.refused}/`,
      `http://127.0.0.2:${ports.http.allowed}/redirect`,
    ];
    for (const url of urls) {
      for (const type of ["API", "URL"]) {
        const outcome = await run(type, { url });
        expect(outcome, `${type} ${url}`).toMatchObject({ networkError: true, hasFailures: true });
        expect(error(outcome)).toMatch(/^refused: .*BLOCK_PRIVATE_TARGETS/);
        expect(JSON.stringify(outcome)).not.toContain("internal answer");
      }
    }
    expect(hits.refused).toBe(0);
    const allowed = await run("API", { url: `http://[::ffff:127.0.0.2]:${ports.http.allowed}/` });
    expect(allowed).toMatchObject({ networkError: false, hasFailures: false });
  });

  it("TCP checks: never connect to 127.0.0.1", async () => {
    const before = hits.refused;
    for (const hostname of [...disguised("127.0.0.1"), "localhost"]) {
      const ipFamily = hostname.includes(":") ? "IPv6" : "IPv4";
      const outcome = await run("TCP", { hostname, port: ports.tcp.refused, ipFamily });
      expect(outcome, hostname).toMatchObject({ networkError: true });
      expect(error(outcome)).toMatch(/^refused: /);
    }
    expect(hits.refused).toBe(before);
    const allowed = await run("TCP", { hostname: "127.0.0.2", port: ports.tcp.allowed });
    expect(allowed).toMatchObject({ networkError: false, hasFailures: false });
  });

  it("SSL checks: never handshake with 127.0.0.1", async () => {
    const before = hits.refused;
    for (const hostname of [...disguised("127.0.0.1").map(bracket), "localhost"]) {
      const outcome = (await run("SSL", { sslConfig: { hostname, port: ports.tcp.refused } })) as {
        sslCheckResult?: Record<string, unknown>;
      };
      expect(outcome, hostname).toMatchObject({ networkError: true });
      expect(outcome.sslCheckResult?.requestError).toMatch(/^refused: /);
    }
    expect(hits.refused).toBe(before);
    // 127.0.0.2 is allowed: reached (its banner is no TLS handshake, so the run still fails).
    const allowedBefore = hits.allowed;
    await run("SSL", { sslConfig: { hostname: "127.0.0.2", port: ports.tcp.allowed, handshakeTimeoutMs: 1000 } });
    expect(hits.allowed).toBe(allowedBefore + 1);
  });

  it("DNS checks: never ask a name server on 127.0.0.1", async () => {
    const before = hits.refused;
    for (const nameServer of disguised("127.0.0.1")) {
      const outcome = await run("DNS", { query: "x.vigil.test", recordType: "A", nameServer, port: ports.dns.refused });
      expect(outcome, nameServer).toMatchObject({ networkError: true });
      expect(error(outcome)).toMatch(/^refused: /);
    }
    expect(hits.refused).toBe(before);
    const allowed = await run("DNS", {
      query: "x.vigil.test",
      recordType: "A",
      nameServer: "127.0.0.2",
      port: ports.dns.allowed,
    });
    expect(allowed).toMatchObject({ networkError: false, hasFailures: false });
  });

  it("ICMP checks: never ping 127.0.0.1", async () => {
    for (const hostname of disguised("127.0.0.1")) {
      const outcome = await run("ICMP", { hostname, pingCount: 1 });
      expect(error(outcome), hostname).toMatch(/^refused: /);
    }
    expect(await readFile(join(pingDir, "asked"), "utf8")).toBe("");
    await run("ICMP", { hostname: "127.0.0.2", pingCount: 1 });
    expect(await readFile(join(pingDir, "asked"), "utf8")).toContain("127.0.0.2");
  });
});

describe("BLOCK_PRIVATE_TARGETS for deliveries", () => {
  const config: DeliveryConfig = {
    smtpUrl: null,
    emailFrom: "Vigil <vigil@localhost>",
    pagerdutyEventsUrl: "http://127.0.0.1:1/v2/enqueue",
    opsgenieApiUrl: null,
    telegramApiUrl: "https://api.telegram.org",
    ...policy,
  };
  const message = {
    notificationId: "n1",
    alertType: "ALERT_FAILURE" as const,
    variables: alertVariables(sampleInput),
    now: new Date(),
  };
  const refusedUrls = () => [
    ...disguised("127.0.0.1").map((host) => `http://${bracket(host)}:${ports.http.refused}/hook`),
    `http://127.0.0.2:${ports.http.allowed}/redirect`,
  ];

  it("WEBHOOK and SLACK channels: refused for good, the answer never in the result", async () => {
    const before = { ...hits };
    for (const url of refusedUrls()) {
      for (const channel of [
        parseStoredChannel("WEBHOOK", { name: "h", url }),
        parseStoredChannel("SLACK", { url }),
        parseStoredChannel("WEBHOOK", { name: "t", url, webhookType: "WEBHOOK_TELEGRAM" }),
      ]) {
        const result = await deliver(channel, message, config);
        if (url.endsWith("/redirect")) continue; // a delivery does not follow redirects: the 302 is its answer
        expect(result, `${channel.type} ${url}`).toMatchObject({ kind: "error", retryable: false });
        expect(JSON.stringify(result)).not.toContain("internal answer");
      }
    }
    expect(hits.refused).toBe(before.refused);
    const allowed = parseStoredChannel("WEBHOOK", { name: "h", url: `http://127.0.0.2:${ports.http.allowed}/hook` });
    expect(await deliver(allowed, message, config)).toMatchObject({ kind: "response", status: 200 });
  });

  it("a Telegram URL naming api.telegram.org before an @ is a tenant's URL, not the provider", async () => {
    const before = hits.refused;
    for (const url of [
      `https://api.telegram.org@127.0.0.1:${ports.http.refused}/bot1:A/sendMessage`,
      `https://api.telegram.org:443@127.0.0.1:${ports.http.refused}/bot1:A/sendMessage`,
    ]) {
      const channel = parseStoredChannel("WEBHOOK", { name: "t", url, webhookType: "WEBHOOK_TELEGRAM" });
      const result = await deliver(channel, message, { ...config, telegramApiUrl: `http://127.0.0.1:1` });
      expect(result, url).toMatchObject({ kind: "error", retryable: false });
      expect(result.kind === "error" && result.message).toMatch(/^refused: /);
    }
    expect(hits.refused).toBe(before);
  });

  it("subscriber webhooks: refused, the allowed address reached", async () => {
    const before = hits.refused;
    const subscriber = (address: string) => ({
      kind: "subscriber" as const,
      event: "CONFIRMATION" as const,
      subscriber: { id: "s1", type: "WEBHOOK" as const, address },
      page: { id: "p1", name: "Status", link: "https://status.example/" },
      links: { unsubscribe: "https://status.example/u", confirm: "https://status.example/c" },
    });
    const signed = { notificationId: "n1", now: new Date(), secret: null };
    for (const url of refusedUrls().slice(0, -1)) {
      const result = await deliverToSubscriber(subscriber(url), signed, config);
      expect(result, url).toMatchObject({ kind: "error", retryable: false });
    }
    expect(hits.refused).toBe(before);
    const allowed = subscriber(`http://127.0.0.2:${ports.http.allowed}/hook`);
    expect(await deliverToSubscriber(allowed, signed, config)).toMatchObject({ kind: "response", status: 200 });
  });
});
