import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SslRequest } from "../../../../src/domain/checks/ssl-schemas.js";
import { RecordCheckResultInput } from "../../../../src/domain/check-results/schemas.js";
import { readCaFile } from "../../../../src/net/tls-trust.js";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { runApiCheck } from "../../../../src/engine/runners/api.js";
import { runSslCheck } from "../../../../src/engine/runners/ssl.js";
import { runUrlCheck } from "../../../../src/engine/runners/url.js";
import type { RunSettings } from "../../../../src/engine/runners/api.js";
import { silentServer, TestPki, tlsServer, type Leaf } from "../../../support/tls.js";

type Result = Record<string, any>;

describe("the SSL check runner against local TLS servers", () => {
  let pki: TestPki;
  let extraCa: string[];
  const servers: { close: () => void }[] = [];
  const ports: Record<string, number> = {};
  const settings = (more: Partial<RunSettings> = {}): RunSettings => ({
    degradedResponseTime: null,
    maxResponseTime: null,
    shouldFail: false,
    timeoutMs: 10_000,
    blockPrivateTargets: false,
    extraCa,
    ...more,
  });
  const run = (
    port: number,
    sslConfig: Record<string, unknown> = {},
    more: Record<string, unknown> = {},
    s = settings(),
  ) => runSslCheck(SslRequest.parse({ sslConfig: { hostname: "127.0.0.1", port, ...sslConfig }, ...more }), [], s);

  beforeAll(async () => {
    pki = new TestPki();
    extraCa = readCaFile(pki.caFile);
    const serve = async (name: string, leaf: Leaf, options = {}) => {
      const server = await tlsServer(leaf, options);
      servers.push(server);
      ports[name] = server.port;
    };
    await serve("valid", pki.leaf());
    await serve("expiring", pki.leaf({ toDays: 5 }));
    await serve("expired", pki.leaf({ fromDays: -60, toDays: -2 }));
    await serve("future", pki.leaf({ fromDays: 3, toDays: 90 }));
    await serve("wrongHost", pki.leaf({ names: ["DNS:other.example"] }));
    await serve("untrusted", pki.leaf({ untrusted: true }));
    await serve("tls12", pki.leaf(), { maxVersion: "TLSv1.2" });
    // Node 24's OpenSSL refuses to serve a key under 2048 bits at its default security level.
    await serve("weakKey", pki.leaf({ bits: 1024 }), { ciphers: "DEFAULT:@SECLEVEL=0" });
    const silent = await silentServer();
    servers.push(silent);
    ports.silent = silent.port;
  });
  afterAll(() => {
    for (const server of servers) server.close();
    pki?.remove();
  });

  it("passes a valid certificate and records sslCheckResult as the reference shapes it", async () => {
    const outcome = await run(ports.valid!, { serverName: "localhost" });
    const ssl = outcome.sslCheckResult as Result;
    expect(outcome.hasFailures).toBe(false);
    expect(ssl).toMatchObject({
      tlsVersion: "TLS1.3",
      chainTrusted: true,
      hostnameVerified: true,
      baselineVerdict: "pass",
      failureCategory: null,
      requestError: null,
      request: { hostname: "127.0.0.1", port: ports.valid, serverName: "localhost" },
    });
    expect(ssl.daysUntilExpiry).toBeGreaterThanOrEqual(88);
    expect(ssl.cipherSuite).toMatch(/^TLS_/);
    expect(ssl.response).toMatchObject({ resolvedIp: "127.0.0.1", protocol: "TLS1.3", ocspStapled: false });
    expect(ssl.response.certificate).toMatchObject({
      keySizeBits: 2048,
      signatureAlgorithm: "sha256WithRSAEncryption",
    });
    expect(ssl.response.chain.map((c: Result) => c.subject)).toEqual(["CN=leaf1", "CN=Vigil trusted test CA"]);
    expect(ssl.response.securityBaseline.rules.knownBadCA.status).toBe("not_evaluated");
    // Exactly the reference's fields (CheckResultSsl), and every field of its response but the three
    // docs/reference-exceptions.md lists and chainTrustReason/Detail (shown only when untrusted).
    const reference = JSON.parse(readFileSync("docs/reference/checkly-openapi-subset.json", "utf8")).components.schemas
      .CheckResultSsl;
    expect(Object.keys(ssl).sort()).toEqual(Object.keys(reference.properties).sort());
    const unfilled = ["ocspStatus", "incompleteChain", "missingIntermediate", "chainTrustReason", "chainTrustDetail"];
    expect(Object.keys(ssl.response).sort()).toEqual(
      Object.keys(reference.properties.response.properties)
        .filter((key) => !unfilled.includes(key))
        .sort(),
    );
    // What the engine and agents record goes through the result schema unchanged.
    expect(
      RecordCheckResultInput.parse({ checkId: "x", runLocation: "eu-west-1", sslCheckResult: ssl }).sslCheckResult,
    ).toEqual(ssl);
  });

  it("fails a certificate expiring within alertDaysBeforeExpiry with CERTIFICATE_EXPIRING, and passes it under a smaller window", async () => {
    const soon = await run(ports.expiring!);
    expect(soon.hasFailures).toBe(true);
    expect(soon.sslCheckResult).toMatchObject({ failureCategory: "CERTIFICATE_EXPIRING", chainTrusted: true });
    expect((soon.sslCheckResult as Result).daysUntilExpiry).toBe(4);
    const relaxed = await run(ports.expiring!, { alertDaysBeforeExpiry: 3 });
    expect(relaxed.hasFailures).toBe(false);
  });

  it("fails expired and not-yet-valid certificates, still judging the chain as trusted", async () => {
    const expired = await run(ports.expired!);
    expect(expired.hasFailures).toBe(true);
    expect(expired.sslCheckResult).toMatchObject({ failureCategory: "CERTIFICATE_EXPIRED", chainTrusted: true });
    expect((expired.sslCheckResult as Result).daysUntilExpiry).toBeLessThan(0);
    const future = await run(ports.future!);
    expect(future.sslCheckResult).toMatchObject({ failureCategory: "CERTIFICATE_NOT_YET_VALID", chainTrusted: true });
  });

  it("fails a certificate for another name", async () => {
    const outcome = await run(ports.wrongHost!);
    expect(outcome.hasFailures).toBe(true);
    expect(outcome.sslCheckResult).toMatchObject({
      failureCategory: "HOSTNAME_MISMATCH",
      hostnameVerified: false,
      chainTrusted: true,
    });
  });

  it("fails an untrusted chain, passes it with skipChainValidation, and trusts the local CA only through EXTRA_CA_CERTS", async () => {
    const untrusted = await run(ports.untrusted!);
    expect(untrusted.hasFailures).toBe(true);
    expect(untrusted.sslCheckResult).toMatchObject({ failureCategory: "CHAIN_UNTRUSTED", chainTrusted: false });
    expect((untrusted.sslCheckResult as Result).response.chainTrustReason).toBe("UNABLE_TO_VERIFY_LEAF_SIGNATURE");
    const skipped = await run(ports.untrusted!, { skipChainValidation: true });
    expect(skipped.hasFailures).toBe(false);
    expect(skipped.sslCheckResult).toMatchObject({ chainTrusted: false, failureCategory: null });
    const withoutExtra = await run(ports.valid!, {}, {}, settings({ extraCa: undefined }));
    expect(withoutExtra.sslCheckResult).toMatchObject({ failureCategory: "CHAIN_UNTRUSTED", chainTrusted: false });
  });

  it("grades a TLS 1.2-only server against a TLS 1.3 minimum: fail, or degrade by the rule's severity", async () => {
    const fine = await run(ports.tls12!);
    expect(fine.hasFailures).toBe(false);
    expect(fine.sslCheckResult).toMatchObject({ tlsVersion: "TLS1.2", baselineVerdict: "pass", baselineGrade: "B" });
    const strict = await run(ports.tls12!, { securityBaseline: { minTLSVersion: { value: "TLS1.3" } } });
    expect(strict.hasFailures).toBe(true);
    expect(strict.sslCheckResult).toMatchObject({
      failureCategory: "SECURITY_BASELINE",
      baselineVerdict: "fail",
      baselineGrade: "F",
    });
    const soft = await run(ports.tls12!, {
      securityBaseline: { minTLSVersion: { value: "TLS1.3", severity: "degrade" } },
    });
    expect(soft).toMatchObject({ hasFailures: false, isDegraded: true });
    expect(soft.sslCheckResult).toMatchObject({ baselineVerdict: "degrade", baselineGrade: "C" });
  });

  it("grades a 1024-bit key (our client at security level 0 still completes the handshake)", async () => {
    const outcome = await run(ports.weakKey!);
    expect(outcome.hasFailures).toBe(true);
    const ssl = outcome.sslCheckResult as Result;
    expect(ssl).toMatchObject({ failureCategory: "SECURITY_BASELINE", chainTrusted: true });
    expect(ssl.response.securityBaseline.rules.minKeySizeBits).toMatchObject({
      status: "fail",
      actual: 1024,
      expected: 2048,
    });
    const disabled = await run(ports.weakKey!, { securityBaseline: { enabled: false } });
    expect(disabled.hasFailures).toBe(false);
    expect(disabled.sslCheckResult).toMatchObject({ baselineVerdict: "disabled" });
  });

  it("ends a handshake that never completes at handshakeTimeoutMs, as a network error", async () => {
    const outcome = await run(ports.silent!, { handshakeTimeoutMs: 1000 });
    expect(outcome).toMatchObject({ hasFailures: true, networkError: true });
    expect(outcome.sslCheckResult).toMatchObject({ failureCategory: "TIMEOUT", tlsVersion: null, response: null });
    expect((outcome.sslCheckResult as Result).requestError).toMatch(
      /timed out after 1000 ms waiting for the TLS handshake/,
    );
  });

  it("evaluates CERTIFICATE, CONNECTION, RESPONSE_TIME, JSON_RESPONSE and TEXT_RESPONSE assertions", async () => {
    const assertions = [
      { source: "CERTIFICATE", property: "daysUntilExpiry", comparison: "GREATER_THAN", target: "30" },
      { source: "CERTIFICATE", property: "issuer", comparison: "CONTAINS", target: "Vigil trusted test CA" },
      { source: "CONNECTION", property: "tlsVersion", comparison: "EQUALS", target: "TLS1.3" },
      { source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "10000" },
      { source: "JSON_RESPONSE", property: "$.chain[0].keySizeBits", comparison: "EQUALS", target: "2048" },
      { source: "TEXT_RESPONSE", comparison: "CONTAINS", target: "sha256WithRSAEncryption" },
    ];
    const passing = await run(ports.valid!, {}, { assertions });
    expect((passing.sslCheckResult as Result).assertions.map((a: Result) => a.passed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(passing.hasFailures).toBe(false);
    const failing = await run(
      ports.valid!,
      {},
      {
        assertions: [{ source: "CONNECTION", property: "tlsVersion", comparison: "EQUALS", target: "TLS1.2" }],
      },
    );
    expect(failing.sslCheckResult).toMatchObject({
      failureCategory: "ASSERTION_FAILED",
      assertions: [{ actual: "TLS1.3", passed: false }],
    });
  });

  it("refuses 127.0.0.1 and [::ffff:127.0.0.1] under BLOCK_PRIVATE_TARGETS, before connecting", async () => {
    for (const hostname of ["127.0.0.1", "[::ffff:127.0.0.1]"]) {
      const outcome = await run(ports.valid!, { hostname }, {}, settings({ blockPrivateTargets: true }));
      expect(outcome.hasFailures).toBe(true);
      expect(outcome.sslCheckResult).toMatchObject({ failureCategory: "TARGET_REFUSED", tlsVersion: null });
      expect((outcome.sslCheckResult as Result).requestError).toMatch(/^refused: .*BLOCK_PRIVATE_TARGETS/);
    }
  });

  it("EXTRA_CA_CERTS is trusted by API and URL checks' HTTPS too, and only with it", async () => {
    const https = createHttpsServer(pki.leaf(), (_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => https.listen(0, "127.0.0.1", resolve));
    try {
      const url = `https://127.0.0.1:${(https.address() as AddressInfo).port}/`;
      const api = await runApiCheck({ method: "GET", url }, [], settings());
      expect(api).toMatchObject({ hasFailures: false, apiCheckResult: { response: { status: 200 } } });
      const page = await runUrlCheck({ url }, [], settings());
      expect(page.hasFailures).toBe(false);
      const untrusted = await runApiCheck({ method: "GET", url }, [], settings({ extraCa: undefined }));
      expect(untrusted).toMatchObject({ hasFailures: true, networkError: true });
      expect(untrusted.apiCheckResult.requestError).toMatch(/certificate/i);
    } finally {
      https.close();
    }
  });
});
