import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCheck, type ApiRunSettings } from "../../../../src/engine/runners/api.js";
import { isPrivateAddress } from "../../../../src/engine/runners/targets.js";

const settings: ApiRunSettings = {
  degradedResponseTime: null,
  maxResponseTime: null,
  shouldFail: false,
  timeoutMs: 5_000,
  blockPrivateTargets: false,
};

describe("the API check runner against a local target", () => {
  let server: Server;
  let base: string;
  const seen: { url: string; method: string; headers: Record<string, unknown>; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ url: req.url!, method: req.method!, headers: req.headers, body });
        const path = new URL(req.url!, "http://x").pathname;
        if (path === "/redirect") return res.writeHead(302, { location: "/json" }).end();
        if (path === "/slow") return setTimeout(() => res.end("late"), 300);
        if (path === "/missing") return res.writeHead(404).end("nope");
        if (path === "/big") return res.end("x".repeat(100_000));
        res.writeHead(200, {
          "content-type": "application/json",
          "x-echo-auth": String(req.headers.authorization ?? ""),
        });
        res.end(JSON.stringify({ status: "ok", items: [1, 2], token: "t0ken-value" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("passes when every assertion holds, recording request, response, assertions and timings", async () => {
    const outcome = await runApiCheck(
      {
        method: "POST",
        url: `${base}/json`,
        queryParameters: [{ key: "q", value: "{{TERM}}" }],
        headers: [{ key: "x-team", value: "core" }],
        body: '{"a":1}',
        bodyType: "JSON",
        assertions: [
          { source: "STATUS_CODE", comparison: "EQUALS", target: "200" },
          { source: "JSON_BODY", comparison: "EQUALS", property: "$.status", target: "ok" },
        ],
      },
      [{ key: "TERM", value: "vigil" }],
      settings,
    );
    expect(outcome).toMatchObject({
      hasFailures: false,
      hasErrors: false,
      networkError: false,
      isDegraded: null,
      overMaxResponseTime: null,
    });
    expect(seen.at(-1)).toMatchObject({
      method: "POST",
      url: "/json?q=vigil",
      body: '{"a":1}',
      headers: { "x-team": "core", "content-type": "application/json" },
    });
    const result = outcome.apiCheckResult as {
      request: { url: string };
      response: { status: number; timings: { total: number } };
      assertions: { passed: boolean }[];
    };
    expect(result.request.url).toBe(`${base}/json?q=vigil`);
    expect(result.response.status).toBe(200);
    expect(result.response.timings.total).toBeGreaterThan(0);
    expect(result.assertions.map((a) => a.passed)).toEqual([true, true]);
  });

  it("fails on a failed assertion, on a status of 400+ without assertions, and shouldFail inverts", async () => {
    expect(
      (
        await runApiCheck(
          {
            url: `${base}/json`,
            assertions: [{ source: "JSON_BODY", comparison: "EQUALS", property: "$.status", target: "down" }],
          },
          [],
          settings,
        )
      ).hasFailures,
    ).toBe(true);
    expect((await runApiCheck({ url: `${base}/missing` }, [], settings)).hasFailures).toBe(true);
    expect((await runApiCheck({ url: `${base}/missing` }, [], { ...settings, shouldFail: true })).hasFailures).toBe(
      false,
    );
    expect((await runApiCheck({ url: `${base}/json` }, [], { ...settings, shouldFail: true })).hasFailures).toBe(true);
  });

  it("follows redirects unless told not to", async () => {
    expect(
      ((await runApiCheck({ url: `${base}/redirect` }, [], settings)).apiCheckResult.response as { status: number })
        .status,
    ).toBe(200);
    expect(
      (
        (await runApiCheck({ url: `${base}/redirect`, followRedirects: false }, [], settings)).apiCheckResult
          .response as { status: number }
      ).status,
    ).toBe(302);
  });

  it("marks degraded and over the maximum response time (which fails), and times out as a network error", async () => {
    const slow = await runApiCheck({ url: `${base}/slow` }, [], {
      ...settings,
      degradedResponseTime: 50,
      maxResponseTime: 100,
    });
    expect(slow).toMatchObject({ isDegraded: true, overMaxResponseTime: true, hasFailures: true, networkError: false });
    const quick = await runApiCheck({ url: `${base}/json` }, [], {
      ...settings,
      degradedResponseTime: 250,
      maxResponseTime: 5_000,
    });
    expect(quick).toMatchObject({ isDegraded: false, overMaxResponseTime: false, hasFailures: false });
    const timedOut = await runApiCheck({ url: `${base}/slow` }, [], { ...settings, timeoutMs: 50 });
    expect(timedOut).toMatchObject({ hasFailures: true, networkError: true });
    expect((timedOut.apiCheckResult as { requestError: string }).requestError).toMatch(/timed out/);
  });

  it("reports a refused connection as a network error", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await runApiCheck({ url: `http://127.0.0.1:${port}/` }, [], settings)).toMatchObject({
      hasFailures: true,
      networkError: true,
      apiCheckResult: { requestError: expect.stringMatching(/ECONNREFUSED/) },
    });
  });

  it("scrubs secrets from everything it records: variables, Authorization, basic auth, URL-encoded forms", async () => {
    const outcome = await runApiCheck(
      {
        url: `${base}/json?key={{API_KEY}}`,
        headers: [{ key: "Authorization", value: "Bearer {{API_KEY}}" }],
        basicAuth: null,
        body: "k={{API_KEY}}",
      },
      [{ key: "API_KEY", value: "s3cr3t value/+", secret: true }],
      settings,
    );
    const recorded = JSON.stringify(outcome.apiCheckResult);
    expect(recorded).not.toContain("s3cr3t");
    expect(recorded).not.toContain(encodeURIComponent("s3cr3t value/+"));
    expect(seen.at(-1)!.headers.authorization).toBe("Bearer s3cr3t value/+"); // the target did get it
    const basic = await runApiCheck(
      { url: `${base}/json`, basicAuth: { username: "svc", password: "pa55word" } },
      [],
      settings,
    );
    expect(JSON.stringify(basic.apiCheckResult)).not.toMatch(/pa55word|c3ZjOnBhNTV3b3Jk/);
  });

  it("caps the recorded body, and refuses private targets when BLOCK_PRIVATE_TARGETS is on", async () => {
    const big = await runApiCheck({ url: `${base}/big` }, [], settings);
    expect((big.apiCheckResult.response as { body: string }).body.length).toBe(64 * 1024);
    const blocked = await runApiCheck({ url: `${base}/json` }, [], { ...settings, blockPrivateTargets: true });
    expect(blocked).toMatchObject({
      hasFailures: true,
      networkError: true,
      apiCheckResult: { requestError: expect.stringContaining("BLOCK_PRIVATE_TARGETS") },
    });
    expect(
      [
        "127.0.0.1",
        "10.1.2.3",
        "172.20.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "::1",
        "fd00::1",
        "fe80::1",
        "::ffff:10.0.0.1",
      ].every(isPrivateAddress),
    ).toBe(true);
    expect(["8.8.8.8", "172.32.0.1", "2001:4860:4860::8888"].some(isPrivateAddress)).toBe(false);
  });
});
