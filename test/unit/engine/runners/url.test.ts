import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunSettings } from "../../../../src/engine/runners/api.js";
import { effectiveWith } from "../../../support/effective.js";
import { defaultRunners } from "../../../../src/engine/runners/index.js";
import { runUrlCheck } from "../../../../src/engine/runners/url.js";

const settings: RunSettings = {
  degradedResponseTime: null,
  maxResponseTime: null,
  shouldFail: false,
  timeoutMs: 5_000,
  blockPrivateTargets: false,
};
const status = (comparison: string, target: string) => ({ source: "STATUS_CODE", comparison, target });
type Recorded = {
  request: { method: string; url: string };
  response?: { status: number };
  assertions: { passed: boolean; actual: unknown }[];
  requestError: string | null;
};

describe("the URL monitor runner against a local target", () => {
  let server: Server;
  let base: string;
  const methods: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      methods.push(req.method!);
      const path = new URL(req.url!, "http://x").pathname;
      if (path === "/redirect") return res.writeHead(302, { location: "/ok" }).end();
      if (path === "/slow") return setTimeout(() => res.end("late"), 300);
      if (path === "/missing") return res.writeHead(404).end("nope");
      res.end("fine");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("GETs the URL and, without assertions, passes below 400 and fails from 400", async () => {
    const ok = await runUrlCheck({ url: `${base}/ok` }, [], settings);
    expect(ok).toMatchObject({ hasFailures: false, hasErrors: false, networkError: false });
    expect(methods.at(-1)).toBe("GET");
    expect((ok.apiCheckResult as Recorded).response!.status).toBe(200);
    expect((ok.apiCheckResult as Recorded).request).toMatchObject({ method: "GET", url: `${base}/ok` });
    expect((await runUrlCheck({ url: `${base}/missing` }, [], settings)).hasFailures).toBe(true);
  });

  it("evaluates STATUS_CODE with each comparison it supports", async () => {
    const assertions = [
      status("EQUALS", "404"),
      status("NOT_EQUALS", "200"),
      status("LESS_THAN", "405"),
      status("GREATER_THAN", "399"),
    ];
    const holds = await runUrlCheck({ url: `${base}/missing`, assertions }, [], settings);
    expect((holds.apiCheckResult as Recorded).assertions.map((a) => a.passed)).toEqual([true, true, true, true]);
    expect(holds.hasFailures).toBe(false); // assertions replace the default "400 or more fails"
    for (const failing of [
      status("EQUALS", "200"),
      status("NOT_EQUALS", "404"),
      status("LESS_THAN", "404"),
      status("GREATER_THAN", "404"),
    ]) {
      const outcome = await runUrlCheck({ url: `${base}/missing`, assertions: [failing] }, [], settings);
      expect(outcome.hasFailures, failing.comparison).toBe(true);
      expect((outcome.apiCheckResult as Recorded).assertions[0]).toMatchObject({ passed: false, actual: 404 });
    }
  });

  it("follows redirects unless followRedirects is false", async () => {
    expect(
      ((await runUrlCheck({ url: `${base}/redirect` }, [], settings)).apiCheckResult as Recorded).response!.status,
    ).toBe(200);
    const stayed = await runUrlCheck(
      { url: `${base}/redirect`, followRedirects: false, assertions: [status("EQUALS", "302")] },
      [],
      settings,
    );
    expect(stayed).toMatchObject({ hasFailures: false });
    expect((stayed.apiCheckResult as Recorded).response!.status).toBe(302);
  });

  it("marks degraded past degradedResponseTime and fails past maxResponseTime", async () => {
    const slow = await runUrlCheck({ url: `${base}/slow` }, [], {
      ...settings,
      degradedResponseTime: 50,
      maxResponseTime: 100,
    });
    expect(slow).toMatchObject({ isDegraded: true, overMaxResponseTime: true, hasFailures: true, networkError: false });
    const degradedOnly = await runUrlCheck({ url: `${base}/slow` }, [], {
      ...settings,
      degradedResponseTime: 50,
      maxResponseTime: 10_000,
    });
    expect(degradedOnly).toMatchObject({ isDegraded: true, overMaxResponseTime: false, hasFailures: false });
    const quick = await runUrlCheck({ url: `${base}/ok` }, [], {
      ...settings,
      degradedResponseTime: 5_000,
      maxResponseTime: 10_000,
    });
    expect(quick).toMatchObject({ isDegraded: false, overMaxResponseTime: false, hasFailures: false });
  });

  it("reports timeouts and refused connections as network errors, and shouldFail inverts the verdict", async () => {
    const timedOut = await runUrlCheck({ url: `${base}/slow` }, [], { ...settings, timeoutMs: 50 });
    expect(timedOut).toMatchObject({ hasFailures: true, networkError: true });
    expect((timedOut.apiCheckResult as Recorded).requestError).toMatch(/timed out/);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await runUrlCheck({ url: `http://127.0.0.1:${port}/` }, [], settings)).toMatchObject({
      hasFailures: true,
      networkError: true,
    });
    expect((await runUrlCheck({ url: `${base}/missing` }, [], { ...settings, shouldFail: true })).hasFailures).toBe(
      false,
    );
    expect((await runUrlCheck({ url: `${base}/ok` }, [], { ...settings, shouldFail: true })).hasFailures).toBe(true);
  });

  it("refuses private targets under BLOCK_PRIVATE_TARGETS and scrubs secret variables", async () => {
    const blocked = await runUrlCheck({ url: `${base}/ok` }, [], { ...settings, blockPrivateTargets: true });
    expect(blocked).toMatchObject({ hasFailures: true, networkError: true });
    expect((blocked.apiCheckResult as Recorded).requestError).toContain("BLOCK_PRIVATE_TARGETS");
    const secret = await runUrlCheck(
      { url: `${base}/ok?token={{TOKEN}}` },
      [{ key: "TOKEN", value: "hunter2-secret", secret: true }],
      settings,
    );
    expect(secret.hasFailures).toBe(false);
    expect(JSON.stringify(secret.apiCheckResult)).not.toContain("hunter2-secret");
  });

  it("is the URL entry of the default runners, with the check's settings", async () => {
    const effective = effectiveWith({ url: `${base}/{{PATH_PART}}`, method: "GET" }, [
      { key: "PATH_PART", value: "missing" },
    ]);
    const runners = defaultRunners({ blockPrivateTargets: false });
    const check = { checkType: "URL", degradedResponseTime: null, maxResponseTime: null, shouldFail: true };
    expect(await runners.URL!(check, effective, "eu-west-1")).toMatchObject({
      hasFailures: false,
      networkError: false,
    });
    expect(await runners.URL!(check, { ...effective, request: null }, "eu-west-1")).toMatchObject({
      hasErrors: true,
      hasFailures: false,
    });
    expect(Object.keys(runners).sort()).toEqual([
      "AGENTIC",
      "API",
      "BROWSER",
      "DNS",
      "ICMP",
      "MULTI_STEP",
      "PLAYWRIGHT",
      "SSL",
      "TCP",
      "URL",
    ]);
  });
});
