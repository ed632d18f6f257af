import { spawn, type ChildProcess } from "node:child_process";
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RecordCheckResultInput } from "../../../../src/domain/check-results/schemas.js";
import { effectiveWith } from "../../../support/effective.js";
import { defaultRunners } from "../../../../src/engine/runners/index.js";
import { runTcpCheck, type TcpRunSettings } from "../../../../src/engine/runners/tcp.js";

const settings: TcpRunSettings = {
  degradedResponseTime: null,
  maxResponseTime: null,
  shouldFail: false,
  timeoutMs: 5_000,
  blockPrivateTargets: false,
  idleMs: 100,
};
type Recorded = {
  request: { method: string; url: string; data: string };
  response?: { body: string; bytes: number; truncated: boolean; endedBy: string };
  assertions: { source: string; passed: boolean; actual: unknown }[];
  requestError: string | null;
};
const recorded = (outcome: { apiCheckResult: Record<string, unknown> }) => outcome.apiCheckResult as Recorded;

async function listen(onSocket: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(onSocket);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port };
}

describe("the TCP check runner against local servers", () => {
  const servers: Server[] = [];
  const ports: Record<"echo" | "banner" | "close" | "silent" | "flood", number> = {
    echo: 0,
    banner: 0,
    close: 0,
    silent: 0,
    flood: 0,
  };
  const received: string[] = [];
  beforeAll(async () => {
    const handlers: Record<keyof typeof ports, (socket: Socket) => void> = {
      echo: (s) => s.on("data", (d) => (received.push(String(d)), s.write(d))),
      banner: (s) => s.write("220 vigil.test ESMTP ready\r\n"),
      close: (s) => s.end("bye\n"),
      silent: () => undefined,
      flood: (s) => s.write("x".repeat(100_000)),
    };
    for (const [name, handler] of Object.entries(handlers)) {
      const { server, port } = await listen((socket) => (socket.on("error", () => undefined), handler(socket)));
      servers.push(server);
      ports[name as keyof typeof ports] = port;
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      server.close();
      (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
    }
  });

  it("sends data and reads the echo until the peer goes quiet, recording it in apiCheckResult", async () => {
    const outcome = await runTcpCheck(
      {
        hostname: "127.0.0.1",
        port: ports.echo,
        data: "PING {{WHO}}\n",
        assertions: [{ source: "RESPONSE_DATA", comparison: "EQUALS", target: "PING vigil\n" }],
      },
      [{ key: "WHO", value: "vigil" }],
      settings,
    );
    expect(outcome).toMatchObject({
      hasFailures: false,
      hasErrors: false,
      networkError: false,
      isDegraded: null,
      overMaxResponseTime: null,
    });
    expect(received.at(-1)).toBe("PING vigil\n");
    expect(recorded(outcome).request).toMatchObject({
      method: "TCP",
      url: `tcp://127.0.0.1:${ports.echo}`,
      data: "PING vigil\n",
    });
    expect(recorded(outcome).response).toMatchObject({ body: "PING vigil\n", endedBy: "idle", truncated: false });
    expect(recorded(outcome).assertions).toEqual([
      expect.objectContaining({ source: "RESPONSE_DATA", passed: true, actual: "PING vigil\n" }),
    ]);
  });

  it("reads a banner without sending, reads until the peer closes, and accepts `body` and `url` forms", async () => {
    const banner = await runTcpCheck(
      {
        url: `tcp://127.0.0.1:${ports.banner}`,
        port: ports.banner,
        assertions: [{ source: "RESPONSE_DATA", comparison: "CONTAINS", target: "ESMTP" }],
      },
      [],
      settings,
    );
    expect(banner).toMatchObject({ hasFailures: false });
    expect(recorded(banner).response).toMatchObject({ body: "220 vigil.test ESMTP ready\r\n", endedBy: "idle" });
    const closing = await runTcpCheck(
      { hostname: "localhost", port: ports.close, ipFamily: "IPv4", body: "hello" },
      [],
      settings,
    );
    expect(recorded(closing).response).toMatchObject({ body: "bye\n", endedBy: "peer" });
    expect(closing.hasFailures).toBe(false);
  });

  it("evaluates RESPONSE_DATA and RESPONSE_TIME with each comparison they support", async () => {
    const data = (comparison: string, target = "") => ({ source: "RESPONSE_DATA", comparison, target });
    const time = (comparison: string, target: string) => ({ source: "RESPONSE_TIME", comparison, target });
    const cases: [ReturnType<typeof data>, boolean][] = [
      [data("EQUALS", "bye\n"), true],
      [data("EQUALS", "hi\n"), false],
      [data("NOT_EQUALS", "hi\n"), true],
      [data("NOT_EQUALS", "bye\n"), false],
      [data("IS_EMPTY"), false],
      [data("NOT_EMPTY"), true],
      [data("CONTAINS", "by"), true],
      [data("CONTAINS", "hello"), false],
      [data("NOT_CONTAINS", "hello"), true],
      [data("NOT_CONTAINS", "bye"), false],
      [
        { source: "RESPONSE_DATA", comparison: "EQUALS", target: "ye", regex: "b(ye)" } as ReturnType<typeof data>,
        true,
      ],
      [time("LESS_THAN", "60000"), true],
      [time("GREATER_THAN", "60000"), false],
      [time("GREATER_THAN", "-1"), true],
      [time("LESS_THAN", "0"), false],
    ];
    const outcome = await runTcpCheck(
      { hostname: "127.0.0.1", port: ports.close, assertions: cases.map(([a]) => a) },
      [],
      settings,
    );
    expect(recorded(outcome).assertions.map((a) => a.passed)).toEqual(cases.map(([, passed]) => passed));
    expect(outcome.hasFailures).toBe(true);
    const silent = await runTcpCheck(
      { hostname: "127.0.0.1", port: ports.silent, assertions: [data("IS_EMPTY"), data("NOT_CONTAINS", "x")] },
      [],
      settings,
    );
    expect(silent).toMatchObject({ hasFailures: false, networkError: false });
    expect(recorded(silent).response).toMatchObject({ body: "", endedBy: "idle" });
  });

  it("caps what it reads at 64 KiB, and stops reading at the run's timeout without failing an open port", async () => {
    const flood = await runTcpCheck({ hostname: "127.0.0.1", port: ports.flood }, [], settings);
    expect(recorded(flood).response).toMatchObject({ endedBy: "cap", truncated: true });
    expect(recorded(flood).response!.body.length).toBe(64 * 1024);
    const quietLong = await runTcpCheck({ hostname: "127.0.0.1", port: ports.silent }, [], {
      ...settings,
      timeoutMs: 100,
      idleMs: 10_000,
    });
    expect(quietLong).toMatchObject({ hasFailures: false, networkError: false });
    expect(recorded(quietLong).response!.endedBy).toBe("timeout");
  });

  it("reports a refused connection and a connect timeout as network errors; shouldFail inverts", async () => {
    const { server, port } = await listen(() => undefined);
    await new Promise<void>((r) => server.close(() => r()));
    const refused = await runTcpCheck({ hostname: "127.0.0.1", port }, [], settings);
    expect(refused).toMatchObject({ hasFailures: true, networkError: true, hasErrors: false });
    expect(recorded(refused).requestError).toMatch(/ECONNREFUSED/);
    expect(recorded(refused).response).toBeUndefined();
    expect(
      (await runTcpCheck({ hostname: "127.0.0.1", port }, [], { ...settings, shouldFail: true })).hasFailures,
    ).toBe(false);
    expect(
      (await runTcpCheck({ hostname: "127.0.0.1", port: ports.close }, [], { ...settings, shouldFail: true }))
        .hasFailures,
    ).toBe(true);

    // A listener whose process never accepts: once its backlog is full, the kernel drops new SYNs.
    const stuck: ChildProcess = spawn(process.execPath, [
      "-e",
      "const s=require('net').createServer().listen({port:0,host:'127.0.0.1',backlog:1},()=>{process.stdout.write(s.address().port+'\\n');Atomics.wait(new Int32Array(new SharedArrayBuffer(4)),0,0,20000)})",
    ]);
    try {
      const stuckPort = await new Promise<number>((r) =>
        stuck.stdout!.once("data", (d) => r(Number(String(d).trim()))),
      );
      const fillers = [0, 1, 2].map(() => connect({ host: "127.0.0.1", port: stuckPort }).on("error", () => undefined));
      const timedOut = await runTcpCheck({ hostname: "127.0.0.1", port: stuckPort }, [], {
        ...settings,
        timeoutMs: 300,
      });
      expect(timedOut).toMatchObject({ hasFailures: true, networkError: true });
      expect(recorded(timedOut).requestError).toMatch(/timed out after \d+ ms connecting/);
      for (const socket of fillers) socket.destroy();
    } finally {
      stuck.kill();
    }
  });

  it("marks degraded and over the maximum response time against a slow peer", async () => {
    const { server, port } = await listen((s) => setTimeout(() => s.end("late"), 250));
    servers.push(server);
    const slow = await runTcpCheck({ hostname: "127.0.0.1", port }, [], {
      ...settings,
      idleMs: 2_000,
      degradedResponseTime: 50,
      maxResponseTime: 100,
    });
    expect(slow).toMatchObject({ isDegraded: true, overMaxResponseTime: true, hasFailures: true, networkError: false });
    expect(recorded(slow).response).toMatchObject({ body: "late", endedBy: "peer" });
    const quick = await runTcpCheck({ hostname: "127.0.0.1", port: ports.close }, [], {
      ...settings,
      degradedResponseTime: 5_000,
      maxResponseTime: 10_000,
    });
    expect(quick).toMatchObject({ isDegraded: false, overMaxResponseTime: false, hasFailures: false });
  });

  it("refuses private targets under BLOCK_PRIVATE_TARGETS, rejects option-like hostnames, and scrubs secrets", async () => {
    for (const hostname of ["127.0.0.1", "localhost"]) {
      const blocked = await runTcpCheck({ hostname, port: ports.echo }, [], { ...settings, blockPrivateTargets: true });
      expect(blocked).toMatchObject({ hasFailures: true, networkError: true });
      expect(recorded(blocked).requestError).toContain("BLOCK_PRIVATE_TARGETS");
    }
    expect(await runTcpCheck({ hostname: "-oProxy", port: ports.echo }, [], settings)).toMatchObject({
      hasErrors: true,
      hasFailures: false,
    });
    const secret = await runTcpCheck(
      { hostname: "127.0.0.1", port: ports.echo, data: "AUTH {{PASS}}\n" },
      [{ key: "PASS", value: "s3cr3t-pass", secret: true }],
      settings,
    );
    expect(received.at(-1)).toBe("AUTH s3cr3t-pass\n");
    expect(JSON.stringify(secret.apiCheckResult)).not.toContain("s3cr3t-pass");
  });

  it("is the TCP entry of the default runners", async () => {
    const effective = effectiveWith({
      hostname: "127.0.0.1",
      port: ports.close,
      assertions: [{ source: "RESPONSE_DATA", comparison: "EQUALS", target: "bye\n" }],
    });
    const outcome = await defaultRunners({ blockPrivateTargets: false }).TCP!(
      { checkType: "TCP", degradedResponseTime: null, maxResponseTime: null, shouldFail: false },
      effective,
      "eu-west-1",
    );
    expect(outcome).toMatchObject({ hasFailures: false, networkError: false });
    const { networkError: _, ...fields } = outcome;
    expect(RecordCheckResultInput.safeParse({ ...fields, checkId: "c1", runLocation: "eu-west-1" }).success).toBe(true); // recordable as is
  });
});
