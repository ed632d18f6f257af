import { createSocket } from "node:dgram";
import dns2 from "dns2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RecordCheckResultInput } from "../../../../src/domain/check-results/schemas.js";
import type { Assertion } from "../../../../src/domain/monitoring/assertions.js";
import type { RunSettings } from "../../../../src/engine/runners/api.js";
import { runDnsCheck } from "../../../../src/engine/runners/dns.js";
import { effectiveWith } from "../../../support/effective.js";
import { defaultRunners } from "../../../../src/engine/runners/index.js";

const { Packet } = dns2;
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3 }; // dns2's Packet.RCODE, missing from its type declarations
type Resource = (typeof Packet.prototype.answers)[number];
const settings: RunSettings = {
  degradedResponseTime: null,
  maxResponseTime: null,
  shouldFail: false,
  timeoutMs: 2_000,
  blockPrivateTargets: false,
};
type Recorded = {
  request: { method: string; url: string; query: string };
  requestError: string | null;
  response?: {
    status: number;
    statusText: string;
    body: string;
    json: { Status: number; Answer: { name: string; type: number; TTL?: number; data: string }[] };
  };
  assertions: { source: string; passed: boolean; actual: unknown }[];
};
const recorded = (outcome: { apiCheckResult: Record<string, unknown> }) => outcome.apiCheckResult as Recorded;
const assertion = (source: string, comparison: string, target = "", property = ""): Assertion => ({
  source,
  comparison,
  target,
  property,
  regex: null,
});

describe("the DNS check runner against a local DNS server", () => {
  let server: ReturnType<typeof dns2.createServer>;
  let port: number;
  const asked: string[] = [];
  beforeAll(async () => {
    server = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        const response = Packet.createResponseFromRequest(request);
        const [question] = request.questions;
        const name = question!.name;
        asked.push(name);
        const record = { name, class: Packet.CLASS.IN, ttl: 300 };
        if (name === "missing.vigil.test") response.header.rcode = RCODE.NXDOMAIN;
        else if (name === "broken.vigil.test") response.header.rcode = RCODE.SERVFAIL;
        else if (name === "silent.vigil.test") return;
        else if (name === "slow.vigil.test") {
          response.answers.push({ ...record, type: Packet.TYPE.A, address: "192.0.2.7" } as Resource);
          return void setTimeout(() => send(response), 250);
        } else if (name !== "empty.vigil.test") {
          const answers: Record<number, object[]> = {
            [Packet.TYPE.A]: [
              { type: Packet.TYPE.A, address: "192.0.2.1" },
              { type: Packet.TYPE.A, address: "192.0.2.2" },
            ],
            [Packet.TYPE.AAAA]: [{ type: Packet.TYPE.AAAA, address: "2001:db8::1" }],
            [Packet.TYPE.CNAME]: [{ type: Packet.TYPE.CNAME, domain: "target.vigil.test" }],
            [Packet.TYPE.MX]: [{ type: Packet.TYPE.MX, exchange: "mail.vigil.test", priority: 10 }],
            [Packet.TYPE.TXT]: [{ type: Packet.TYPE.TXT, data: 'v=spf1 "quoted" -all' }],
            [Packet.TYPE.NS]: [{ type: Packet.TYPE.NS, ns: "ns1.vigil.test" }],
            [Packet.TYPE.SOA]: [
              {
                type: Packet.TYPE.SOA,
                primary: "ns1.vigil.test",
                admin: "admin.vigil.test",
                serial: 2024,
                refresh: 3600,
                retry: 600,
                expiration: 86400,
                minimum: 60,
              },
            ],
          };
          for (const answer of answers[question!.type] ?? [])
            response.answers.push({ ...record, ...answer } as Resource);
        }
        send(response);
      },
    });
    await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
    port = server.addresses().udp!.port;
  });
  afterAll(() => server.close());
  const ask = (query: string, recordType: string, assertions: Assertion[] = [], extra: Partial<RunSettings> = {}) =>
    runDnsCheck({ query, recordType, nameServer: "127.0.0.1", port, assertions }, [], { ...settings, ...extra });

  it("answers every supported record type in DNS-over-HTTPS presentation, as JSON and as text lines", async () => {
    const data = async (recordType: string) =>
      recorded(await ask("www.vigil.test", recordType)).response!.json.Answer.map((a) => a.data);
    expect(await data("A")).toEqual(["192.0.2.1", "192.0.2.2"]);
    expect(await data("AAAA")).toEqual(["2001:db8::1"]);
    expect(await data("CNAME")).toEqual(["target.vigil.test."]);
    expect(await data("MX")).toEqual(["10 mail.vigil.test."]);
    expect(await data("TXT")).toEqual(['"v=spf1 \\"quoted\\" -all"']);
    expect(await data("NS")).toEqual(["ns1.vigil.test."]);
    expect(await data("SOA")).toEqual(["ns1.vigil.test. admin.vigil.test. 2024 3600 600 86400 60"]);
    const outcome = await ask("www.vigil.test", "A");
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false, networkError: false });
    expect(recorded(outcome).request).toMatchObject({
      method: "DNS",
      url: `dns://127.0.0.1:${port}/www.vigil.test?type=A`,
      query: "www.vigil.test",
    });
    expect(recorded(outcome).response).toMatchObject({
      status: 0,
      statusText: "NOERROR",
      body: "www.vigil.test. IN A 192.0.2.1\nwww.vigil.test. IN A 192.0.2.2",
    });
    expect(recorded(outcome).response!.json.Answer[0]).toEqual({
      name: "www.vigil.test.",
      type: 1,
      TTL: 300,
      data: "192.0.2.1",
    });
  });

  it("maps answer codes: NXDOMAIN and SERVFAIL fail unless a RESPONSE_CODE assertion expects them; no data is NOERROR", async () => {
    const missing = await ask("missing.vigil.test", "A");
    expect(missing).toMatchObject({ hasFailures: true, networkError: false });
    expect(recorded(missing).response).toMatchObject({ status: 3, statusText: "NXDOMAIN", body: "" });
    expect((await ask("missing.vigil.test", "A", [assertion("RESPONSE_CODE", "EQUALS", "NXDOMAIN")])).hasFailures).toBe(
      false,
    );
    const broken = await ask("broken.vigil.test", "A");
    expect(recorded(broken).response).toMatchObject({ status: 2, statusText: "SERVFAIL" });
    expect(broken.hasFailures).toBe(true);
    const empty = await ask("empty.vigil.test", "MX", [assertion("JSON_ANSWER", "IS_EMPTY", "", "$.Answer")]);
    expect(empty).toMatchObject({ hasFailures: false, networkError: false });
    expect(recorded(empty).response).toMatchObject({ statusText: "NOERROR", body: "" });
    expect((await ask("missing.vigil.test", "A", [], { shouldFail: true })).hasFailures).toBe(false);
    expect((await ask("www.vigil.test", "A", [], { shouldFail: true })).hasFailures).toBe(true);
  });

  it("evaluates RESPONSE_TIME, RESPONSE_CODE, TEXT_ANSWER and JSON_ANSWER with each comparison", async () => {
    const cases: [Assertion, boolean][] = [
      [assertion("RESPONSE_CODE", "EQUALS", "NOERROR"), true],
      [assertion("RESPONSE_CODE", "NOT_EQUALS", "NOERROR"), false],
      [assertion("RESPONSE_TIME", "LESS_THAN", "60000"), true],
      [assertion("RESPONSE_TIME", "GREATER_THAN", "60000"), false],
      [assertion("TEXT_ANSWER", "CONTAINS", "IN A 192.0.2.2"), true],
      [assertion("TEXT_ANSWER", "NOT_CONTAINS", "192.0.2.2"), false],
      [assertion("TEXT_ANSWER", "NOT_EMPTY"), true],
      [assertion("TEXT_ANSWER", "IS_EMPTY"), false],
      [assertion("JSON_ANSWER", "EQUALS", "192.0.2.1", "$.Answer[0].data"), true],
      [assertion("JSON_ANSWER", "NOT_EQUALS", "192.0.2.1", "$.Answer[0].data"), false],
      [assertion("JSON_ANSWER", "HAS_KEY", "TTL", "$.Answer[0]"), true],
      [assertion("JSON_ANSWER", "NOT_HAS_KEY", "TTL", "$.Answer[0]"), false],
      [assertion("JSON_ANSWER", "HAS_VALUE", "192.0.2.2", "$.Answer[1]"), true],
      [assertion("JSON_ANSWER", "NOT_HAS_VALUE", "192.0.2.2", "$.Answer[1]"), false],
      [assertion("JSON_ANSWER", "GREATER_THAN", "299", "$.Answer[0].TTL"), true],
      [assertion("JSON_ANSWER", "LESS_THAN", "300", "$.Answer[0].TTL"), false],
      [assertion("JSON_ANSWER", "IS_NULL", "", "$.Answer[5]"), true],
      [assertion("JSON_ANSWER", "NOT_NULL", "", "$.Answer[5]"), false],
      [assertion("JSON_ANSWER", "EQUALS", "0", "$.Status"), true],
      [assertion("JSON_ANSWER", "NOT_EMPTY", "", "$.Answer"), true],
      [{ ...assertion("TEXT_ANSWER", "EQUALS", "192.0.2.2"), regex: "IN A (\\S+)$" }, true],
    ];
    const outcome = await ask(
      "www.vigil.test",
      "A",
      cases.map(([a]) => a),
    );
    expect(recorded(outcome).assertions.map((a) => a.passed)).toEqual(cases.map(([, passed]) => passed));
    expect(recorded(outcome).assertions[0]).toMatchObject({ source: "RESPONSE_CODE", actual: "NOERROR" });
    expect(outcome.hasFailures).toBe(true);
    expect(
      (
        await ask(
          "www.vigil.test",
          "A",
          cases.filter(([, passed]) => passed).map(([a]) => a),
        )
      ).hasFailures,
    ).toBe(false);
  });

  it("reports no answer (timeout, refused port) as a network error, and marks slow answers degraded or over the maximum", async () => {
    const silent = await ask("silent.vigil.test", "A", [], { timeoutMs: 200 });
    expect(silent).toMatchObject({ hasFailures: true, networkError: true });
    expect(recorded(silent).requestError).toMatch(/timed out/);
    const socket = createSocket("udp4");
    await new Promise<void>((r) => socket.bind(0, "127.0.0.1", r));
    const closedPort = socket.address().port;
    await new Promise<void>((r) => socket.close(() => r()));
    const refused = await runDnsCheck(
      { query: "www.vigil.test", recordType: "A", nameServer: `127.0.0.1:${closedPort}` },
      [],
      settings,
    );
    expect(refused).toMatchObject({ hasFailures: true, networkError: true });
    expect(recorded(refused).requestError).toMatch(/ECONNREFUSED/);
    const slow = await ask("slow.vigil.test", "A", [], { degradedResponseTime: 50, maxResponseTime: 100 });
    expect(slow).toMatchObject({ isDegraded: true, overMaxResponseTime: true, hasFailures: true, networkError: false });
    const quick = await ask("www.vigil.test", "A", [], { degradedResponseTime: 5_000, maxResponseTime: 10_000 });
    expect(quick).toMatchObject({ isDegraded: false, overMaxResponseTime: false, hasFailures: false });
  });

  it("says plainly what it cannot do: DNS over TCP and HTTPS records end with hasErrors", async () => {
    const tcp = await runDnsCheck(
      { query: "www.vigil.test", recordType: "A", nameServer: "127.0.0.1", port, protocol: "TCP" },
      [],
      settings,
    );
    expect(tcp).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(recorded(tcp).requestError).toMatch(/TCP is not supported/);
    const https = await ask("www.vigil.test", "HTTPS");
    expect(https).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(recorded(https).requestError).toMatch(/HTTPS records cannot be queried/);
  });

  it("refuses a private name server under BLOCK_PRIVATE_TARGETS, interpolates variables and scrubs secrets", async () => {
    const before = asked.length;
    const blocked = await ask("www.vigil.test", "A", [], { blockPrivateTargets: true });
    expect(blocked).toMatchObject({ hasFailures: true, networkError: true });
    expect(recorded(blocked).requestError).toContain("BLOCK_PRIVATE_TARGETS");
    expect(asked.length).toBe(before);
    const secret = await runDnsCheck(
      { query: "{{TENANT}}.vigil.test", recordType: "A", nameServer: "127.0.0.1", port },
      [{ key: "TENANT", value: "hidden-tenant", secret: true }],
      settings,
    );
    expect(asked.at(-1)).toBe("hidden-tenant.vigil.test");
    expect(secret.hasFailures).toBe(false);
    expect(JSON.stringify(secret.apiCheckResult)).not.toContain("hidden-tenant");
  });

  it("is the DNS entry of the default runners", async () => {
    const effective = effectiveWith({
      query: "www.vigil.test",
      recordType: "MX",
      nameServer: "127.0.0.1",
      port,
      protocol: "UDP",
      assertions: [assertion("TEXT_ANSWER", "CONTAINS", "mail.vigil.test")],
    });
    const outcome = await defaultRunners({ blockPrivateTargets: false }).DNS!(
      { checkType: "DNS", degradedResponseTime: null, maxResponseTime: null, shouldFail: false },
      effective,
      "eu-west-1",
    );
    expect(outcome).toMatchObject({ hasFailures: false, networkError: false });
    const { networkError: _, ...fields } = outcome;
    expect(RecordCheckResultInput.safeParse({ ...fields, checkId: "c1", runLocation: "eu-west-1" }).success).toBe(true); // recordable as is
  });
});
