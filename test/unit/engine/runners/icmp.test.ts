import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RecordCheckResultInput } from "../../../../src/domain/check-results/schemas.js";
import type { Assertion } from "../../../../src/domain/monitoring/assertions.js";
import { parsePing, runIcmpCheck, type IcmpRunSettings } from "../../../../src/engine/runners/icmp.js";
import { effectiveWith } from "../../../support/effective.js";
import { defaultRunners } from "../../../../src/engine/runners/index.js";

const settings: IcmpRunSettings = {
  degradedResponseTime: null,
  maxResponseTime: null,
  shouldFail: false,
  timeoutMs: 2_000,
  blockPrivateTargets: false,
  degradedPacketLossThreshold: null,
  maxPacketLossThreshold: null,
};
type Recorded = {
  request: { method: string; url: string };
  requestError: string | null;
  assertions: { source: string; passed: boolean; actual: unknown }[];
  response?: {
    body: string;
    json: {
      resolvedIp: string;
      ipFamily: string;
      packetsSent: number;
      packetsReceived: number;
      packetLoss: number;
      latency: Record<string, number> | null;
      pingResults: unknown[];
    };
  };
};
const recorded = (outcome: { apiCheckResult: Record<string, unknown> }) => outcome.apiCheckResult as Recorded;
const assertion = (source: string, comparison: string, target = "", property = ""): Assertion => ({
  source,
  comparison,
  target,
  property,
  regex: null,
});

const statistics = (sent: number, received: number, rtt: string | null) =>
  [
    ...Array.from(
      { length: received },
      (_, i) => `64 bytes from 192.0.2.9: icmp_seq=${i + 1} ttl=57 time=${10 + i}.0 ms`,
    ),
    "",
    "--- 192.0.2.9 ping statistics ---",
    `${sent} packets transmitted, ${received} received, ${Math.round(((sent - received) / sent) * 100)}% packet loss, time 2003ms`,
    ...(rtt ? [`rtt min/avg/max/mdev = ${rtt} ms`] : []),
  ].join("\n");

describe("the ICMP check runner", () => {
  let dir: string;
  // Stand-ins for `ping` print a fixed report (and their arguments), so loss and latency are exact.
  const fake: Record<"healthy" | "lossy" | "dead" | "unreachable", string> = {
    healthy: "",
    lossy: "",
    dead: "",
    unreachable: "",
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "vigil-ping-"));
    const scripts = {
      healthy: [statistics(3, 3, "10.000/11.000/12.000/0.816"), 0],
      lossy: [statistics(3, 2, "10.000/10.500/11.000/0.500"), 1],
      dead: [statistics(3, 0, null), 1],
      unreachable: ["", 2, "ping: connect: Network is unreachable"],
    } as const;
    for (const [name, [output, code, stderr]] of Object.entries(scripts) as [
      keyof typeof fake,
      readonly [string, number, string?],
    ][]) {
      fake[name] = join(dir, `ping-${name}`);
      await writeFile(
        fake[name],
        `#!/bin/sh\necho "ARGS: $*"\ncat <<'OUT'\n${output}\nOUT\n${stderr ? `echo "${stderr}" >&2\n` : ""}exit ${code}\n`,
      );
      await chmod(fake[name], 0o755);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("pings 127.0.0.1 with the system ping and parses its statistics", async () => {
    const outcome = await runIcmpCheck(
      {
        hostname: "127.0.0.1",
        pingCount: 2,
        assertions: [
          assertion("LATENCY", "LESS_THAN", "1000", "avg"),
          assertion("JSON_RESPONSE", "EQUALS", "2", "$.packetsReceived"),
        ],
      },
      [],
      settings,
    );
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false, networkError: false });
    const result = recorded(outcome);
    expect(result.request).toMatchObject({ method: "ICMP", url: "icmp://127.0.0.1" });
    expect(result.response!.json).toMatchObject({
      resolvedIp: "127.0.0.1",
      ipFamily: "IPv4",
      packetsSent: 2,
      packetsReceived: 2,
      packetLoss: 0,
    });
    expect(result.response!.json.pingResults).toHaveLength(2);
    expect(Object.keys(result.response!.json.latency!)).toEqual(["min", "avg", "max", "stdDev"]);
    expect(result.assertions.map((a) => a.passed)).toEqual([true, true]);
  });

  it("evaluates LATENCY (avg, min, max, stdDev) and JSON_RESPONSE with each comparison", async () => {
    const cases: [Assertion, boolean][] = [
      [assertion("LATENCY", "EQUALS", "11", "avg"), true],
      [assertion("LATENCY", "NOT_EQUALS", "11", "avg"), false],
      [assertion("LATENCY", "LESS_THAN", "10.5", "min"), true],
      [assertion("LATENCY", "GREATER_THAN", "12", "max"), false],
      [assertion("LATENCY", "GREATER_THAN", "0.8", "stdDev"), true],
      [assertion("LATENCY", "LESS_THAN", "11"), false],
      [assertion("LATENCY", "NOT_NULL", "", "max"), true],
      [assertion("LATENCY", "IS_NULL", "", "max"), false],
      [assertion("JSON_RESPONSE", "EQUALS", "192.0.2.9", "$.resolvedIp"), true],
      [assertion("JSON_RESPONSE", "NOT_EQUALS", "3", "$.packetsReceived"), false],
      [assertion("JSON_RESPONSE", "NOT_EMPTY", "", "$.pingResults"), true],
      [assertion("JSON_RESPONSE", "IS_EMPTY", "", "$.pingResults"), false],
      [assertion("JSON_RESPONSE", "CONTAINS", "IPv", "$.ipFamily"), true],
      [assertion("JSON_RESPONSE", "NOT_CONTAINS", "IPv4", "$.ipFamily"), false],
      [assertion("JSON_RESPONSE", "EQUALS", "57", "$.pingResults[2].ttl"), true],
      [assertion("JSON_RESPONSE", "IS_NULL", "", "$.nothing"), true],
    ];
    const outcome = await runIcmpCheck({ hostname: "192.0.2.9", pingCount: 3, assertions: cases.map(([a]) => a) }, [], {
      ...settings,
      ping: fake.healthy,
    });
    expect(recorded(outcome).assertions.map((a) => a.passed)).toEqual(cases.map(([, passed]) => passed));
    expect(outcome).toMatchObject({ hasFailures: true, responseTime: 11 });
    expect(
      (
        await runIcmpCheck(
          { hostname: "192.0.2.9", pingCount: 3, assertions: cases.filter(([, p]) => p).map(([a]) => a) },
          [],
          { ...settings, ping: fake.healthy },
        )
      ).hasFailures,
    ).toBe(false);
  });

  it("passes the count, family, reply wait and address to ping as separate arguments", async () => {
    const v4 = recorded(
      await runIcmpCheck({ hostname: "192.0.2.9", pingCount: 3 }, [], { ...settings, ping: fake.healthy }),
    ).response!.body;
    expect(v4).toContain("ARGS: -n -4 -c 3 -i 0.5 -W 2 192.0.2.9");
    const v6 = await runIcmpCheck({ hostname: "2001:db8::9", ipFamily: "IPv6", pingCount: 5 }, [], {
      ...settings,
      ping: fake.healthy,
    });
    expect(recorded(v6).response!.body).toContain("ARGS: -n -6 -c 5 -i 0.5 -W 2 2001:db8::9");
    expect(recorded(v6).response!.json.ipFamily).toBe("IPv6");
    expect(
      await runIcmpCheck({ hostname: "192.0.2.9", ipFamily: "IPv6" }, [], { ...settings, ping: fake.healthy }),
    ).toMatchObject({ networkError: true, hasFailures: true });
  });

  it("fails on total loss (a network error), applies the packet loss thresholds, and shouldFail inverts", async () => {
    const dead = await runIcmpCheck({ hostname: "192.0.2.9", pingCount: 3 }, [], { ...settings, ping: fake.dead });
    expect(dead).toMatchObject({ hasFailures: true, networkError: true, hasErrors: false, isDegraded: null });
    expect(recorded(dead).response!.json).toMatchObject({ packetsReceived: 0, packetLoss: 100, latency: null });
    expect(recorded(dead).requestError).toMatch(/100% packet loss/);
    expect(
      (await runIcmpCheck({ hostname: "192.0.2.9" }, [], { ...settings, ping: fake.dead, shouldFail: true }))
        .hasFailures,
    ).toBe(false);
    const lossy = (thresholds: Partial<IcmpRunSettings>) =>
      runIcmpCheck({ hostname: "192.0.2.9", pingCount: 3 }, [], { ...settings, ping: fake.lossy, ...thresholds });
    expect(await lossy({})).toMatchObject({ hasFailures: false, isDegraded: null, networkError: false });
    expect(await lossy({ degradedPacketLossThreshold: 10, maxPacketLossThreshold: 50 })).toMatchObject({
      hasFailures: false,
      isDegraded: true,
    });
    expect(await lossy({ degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 })).toMatchObject({
      hasFailures: true,
      isDegraded: true,
      networkError: false,
    });
    expect(await lossy({ degradedPacketLossThreshold: 40 })).toMatchObject({ hasFailures: false, isDegraded: false });
    const unreachable = await runIcmpCheck({ hostname: "192.0.2.9" }, [], { ...settings, ping: fake.unreachable });
    expect(unreachable).toMatchObject({ hasFailures: true, networkError: true });
    expect(recorded(unreachable).requestError).toMatch(/Network is unreachable/);
  });

  it("applies degradedResponseTime and maxResponseTime to the average round trip", async () => {
    const healthy = (times: Partial<IcmpRunSettings>) =>
      runIcmpCheck({ hostname: "192.0.2.9", pingCount: 3 }, [], { ...settings, ping: fake.healthy, ...times });
    expect(await healthy({ degradedResponseTime: 5, maxResponseTime: 10 })).toMatchObject({
      isDegraded: true,
      overMaxResponseTime: true,
      hasFailures: true,
    });
    expect(await healthy({ degradedResponseTime: 5, maxResponseTime: 20 })).toMatchObject({
      isDegraded: true,
      overMaxResponseTime: false,
      hasFailures: false,
    });
    expect(await healthy({ degradedResponseTime: 20, maxResponseTime: 30 })).toMatchObject({
      isDegraded: false,
      overMaxResponseTime: false,
      hasFailures: false,
    });
  });

  it("ends with hasErrors when ping is missing or the hostname could be an option, and refuses private targets", async () => {
    const missing = await runIcmpCheck({ hostname: "127.0.0.1" }, [], { ...settings, ping: join(dir, "no-such-ping") });
    expect(missing).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(recorded(missing).requestError).toMatch(/iputils-ping/);
    for (const hostname of ["-f", "--help", "127.0.0.1; reboot", ""]) {
      expect(await runIcmpCheck({ hostname }, [], { ...settings, ping: fake.healthy }), hostname).toMatchObject({
        hasErrors: true,
        hasFailures: false,
      });
    }
    for (const hostname of ["127.0.0.1", "localhost"]) {
      const blocked = await runIcmpCheck({ hostname, pingCount: 1 }, [], { ...settings, blockPrivateTargets: true });
      expect(blocked).toMatchObject({ hasFailures: true, networkError: true });
      expect(recorded(blocked).requestError).toContain("BLOCK_PRIVATE_TARGETS");
    }
  });

  it("scrubs secret variables from what it records", async () => {
    const outcome = await runIcmpCheck({ hostname: "{{HOST}}" }, [{ key: "HOST", value: "192.0.2.9", secret: true }], {
      ...settings,
      ping: fake.healthy,
    });
    expect(outcome.hasFailures).toBe(false);
    expect(JSON.stringify(outcome.apiCheckResult)).not.toContain("192.0.2.9");
  });

  it("parses BSD-style statistics too", () => {
    const bsd =
      "3 packets transmitted, 3 packets received, 0.0% packet loss\nround-trip min/avg/max/stddev = 1.1/2.2/3.3/0.4 ms";
    expect(parsePing(bsd)).toMatchObject({
      packetsSent: 3,
      packetsReceived: 3,
      packetLoss: 0,
      latency: { min: 1.1, avg: 2.2, max: 3.3, stdDev: 0.4 },
    });
    expect(parsePing("ping: unknown host")).toBeNull();
  });

  it("is the ICMP entry of the default runners: the check's packet loss thresholds, else the reference's 10 and 20", async () => {
    const effective = effectiveWith({
      hostname: "127.0.0.1",
      pingCount: 1,
      ipFamily: "IPv4",
      assertions: [assertion("JSON_RESPONSE", "EQUALS", "0", "$.packetLoss")],
    });
    const check = { checkType: "ICMP", degradedResponseTime: 10_000, maxResponseTime: 20_000, shouldFail: false };
    const real = await defaultRunners({ blockPrivateTargets: false, timeoutMs: 2_000 }).ICMP!(
      check,
      effective,
      "eu-west-1",
    );
    expect(real).toMatchObject({ hasFailures: false, isDegraded: false, networkError: false });
    const { networkError: _, ...fields } = real;
    expect(RecordCheckResultInput.safeParse({ ...fields, checkId: "c1", runLocation: "eu-west-1" }).success).toBe(true); // recordable as is
    const lossy = defaultRunners({ blockPrivateTargets: false, ping: fake.lossy }).ICMP!;
    const lossyEffective = { ...effective, request: { hostname: "192.0.2.9", pingCount: 3 } };
    expect(await lossy(check, lossyEffective, "eu-west-1")).toMatchObject({ hasFailures: true, isDegraded: true }); // 33% loss: over 20
    const tolerant = { ...check, degradedPacketLossThreshold: 50, maxPacketLossThreshold: null };
    expect(await lossy(tolerant, lossyEffective, "eu-west-1")).toMatchObject({ hasFailures: false, isDegraded: false });
  });
});
