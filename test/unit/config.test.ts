import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { ConfigError, loadConfig } from "../../src/config.js";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("has the defaults of docs/decisions.md with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: "file:./data/vigil.db",
      bootstrap: null,
      rateLimitPerMinute: 600,
      keylessRateLimitPerMinute: 300,
      trustProxy: false,
      graphqlMaxDocumentBytes: 100_000,
      logLevel: "info",
    });
  });

  it("reads the key-less limit, the proxy trust and the GraphQL document limit", () => {
    const config = loadConfig({
      KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
      TRUST_PROXY: "true",
      GRAPHQL_MAX_DOCUMENT_BYTES: "20000",
    });
    expect(config).toMatchObject({ keylessRateLimitPerMinute: 0, trustProxy: true, graphqlMaxDocumentBytes: 20_000 });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://u:p@db:5432/vigil",
      VIGIL_ACCOUNT_ID: "acme",
      VIGIL_API_KEY: "k".repeat(20),
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: "postgres://u:p@db:5432/vigil",
      bootstrap: { accountId: "acme", apiKey: "k".repeat(20) },
      rateLimitPerMinute: 0,
      logLevel: "warn",
    });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["DATABASE_URL", "mysql://localhost/vigil"],
    ["DATABASE_URL", "./vigil.db"],
    ["RATE_LIMIT_PER_MINUTE", "ten"],
    ["KEYLESS_RATE_LIMIT_PER_MINUTE", "-1"],
    ["TRUST_PROXY", "yes"],
    ["GRAPHQL_MAX_DOCUMENT_BYTES", "10"],
    ["LOG_LEVEL", "loud"],
  ])("rejects %s=%s with a message naming the variable and the value", (name, value) => {
    const [problem, ...rest] = problems({ [name]: value });
    expect(rest).toEqual([]);
    expect(problem).toMatch(new RegExp(`^${name} `));
    expect(problem).toContain(JSON.stringify(value));
  });

  it("runs scripts in the sandbox unless SCRIPT_SANDBOX=off, which it refuses with BLOCK_PRIVATE_TARGETS=true", () => {
    expect(loadConfig({}).browser).toEqual({ chromiumPath: "/usr/bin/chromium", concurrency: 1, sandbox: true });
    expect(loadConfig({ SCRIPT_SANDBOX: "off" }).browser.sandbox).toBe(false);
    expect(loadConfig({ SCRIPT_SANDBOX: "on", BLOCK_PRIVATE_TARGETS: "true" }).browser.sandbox).toBe(true);
    expect(problems({ SCRIPT_SANDBOX: "off", BLOCK_PRIVATE_TARGETS: "true" })).toEqual([
      'SCRIPT_SANDBOX must stay on with BLOCK_PRIVATE_TARGETS=true: scripts outside the sandbox reach every address and the service\'s own files (got "off")',
    ]);
    expect(problems({ SCRIPT_SANDBOX: "sometimes" })).toEqual(['SCRIPT_SANDBOX must be on or off (got "sometimes")']);
  });

  it("reads EXTRA_CA_CERTS' certificates at start, and refuses a missing or certificate-less file", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-ca-"));
    const file = join(dir, "ca.pem");
    writeFileSync(file, `# two roots\n${rootCertificates[0]}\n${rootCertificates[1]}\n`);
    expect(loadConfig({}).extraCaCertificates).toEqual([]);
    expect(loadConfig({ EXTRA_CA_CERTS: file }).extraCaCertificates).toEqual([
      rootCertificates[0],
      rootCertificates[1],
    ]);
    expect(problems({ EXTRA_CA_CERTS: join(dir, "missing.pem") })[0]).toMatch(/^EXTRA_CA_CERTS cannot read .*ENOENT/);
    writeFileSync(file, "not a certificate");
    expect(problems({ EXTRA_CA_CERTS: file })[0]).toMatch(/^EXTRA_CA_CERTS .* holds no PEM certificate/);
  });

  it("reports every problem at once", () => {
    expect(problems({ PORT: "x", LOG_LEVEL: "y" }).map((p) => p.split(" ")[0])).toEqual(["PORT", "LOG_LEVEL"]);
  });

  it("needs both bootstrap variables and never prints the key", () => {
    expect(problems({ VIGIL_ACCOUNT_ID: "acme" })[0]).toMatch(/^VIGIL_API_KEY must be set together/);
    expect(problems({ VIGIL_API_KEY: "s3cret-s3cret-s3cret-1" })[0]).toMatch(/^VIGIL_ACCOUNT_ID must be set together/);
    const tooShort = problems({ VIGIL_ACCOUNT_ID: "acme", VIGIL_API_KEY: "short-secret" });
    expect(tooShort[0]).toMatch(/^VIGIL_API_KEY must be 20 to 200/);
    expect(tooShort.join()).not.toContain("short-secret");
  });

  it("reads the AGENTIC model (all unset by default) and never prints its key", () => {
    expect(loadConfig({}).agentic).toEqual({ modelUrl: null, model: null, apiKey: null });
    expect(
      loadConfig({ AGENTIC_MODEL_URL: "https://api.example.com/v1/", AGENTIC_MODEL: "m-1", AGENTIC_API_KEY: "sk-1" })
        .agentic,
    ).toEqual({ modelUrl: "https://api.example.com/v1", model: "m-1", apiKey: "sk-1" });
    const longKey = `sk-${"k".repeat(1000)}`;
    const wrong = problems({ AGENTIC_MODEL_URL: "file:///etc/passwd", AGENTIC_API_KEY: longKey });
    expect(wrong.map((p) => p.split(" ")[0])).toEqual(["AGENTIC_MODEL_URL", "AGENTIC_API_KEY"]);
    expect(wrong.join()).not.toContain(longKey);
  });

  it("has the alert delivery defaults: no SMTP, public provider endpoints", () => {
    expect(loadConfig({}).delivery).toEqual({
      smtpUrl: null,
      emailFrom: "Vigil <vigil@localhost>",
      pagerdutyEventsUrl: "https://events.pagerduty.com/v2/enqueue",
      opsgenieApiUrl: null,
      telegramApiUrl: "https://api.telegram.org",
      blockPrivateTargets: false,
      privateTargetsAllow: [],
    });
  });

  it("reads DELIVERY_CONCURRENCY (default 10, 1 to 1000)", () => {
    expect(loadConfig({}).deliveryConcurrency).toBe(10);
    expect(loadConfig({ DELIVERY_CONCURRENCY: "25" }).deliveryConcurrency).toBe(25);
    expect(problems({ DELIVERY_CONCURRENCY: "0" })).toEqual([
      'DELIVERY_CONCURRENCY must be an integer from 1 to 1000 (got "0")',
    ]);
  });

  it("reads the alert delivery variables", () => {
    const config = loadConfig({
      SMTP_URL: "smtps://alerts:pa%24s@mail.example.com:465",
      EMAIL_FROM: "Ops <ops@example.com>",
      PAGERDUTY_EVENTS_URL: "http://127.0.0.1:9000/v2/enqueue",
      OPSGENIE_API_URL: "http://127.0.0.1:9001",
      TELEGRAM_API_URL: "http://127.0.0.1:9002/",
      BLOCK_PRIVATE_TARGETS: "true",
      PRIVATE_TARGETS_ALLOW: "10.1.0.0/16",
    });
    expect(config.delivery).toEqual({
      smtpUrl: "smtps://alerts:pa%24s@mail.example.com:465",
      emailFrom: "Ops <ops@example.com>",
      pagerdutyEventsUrl: "http://127.0.0.1:9000/v2/enqueue",
      opsgenieApiUrl: "http://127.0.0.1:9001",
      telegramApiUrl: "http://127.0.0.1:9002",
      blockPrivateTargets: true,
      privateTargetsAllow: ["10.1.0.0/16"],
    });
  });

  it.each([
    ["EMAIL_FROM", "nobody"],
    ["PAGERDUTY_EVENTS_URL", "events.pagerduty.com"],
    ["OPSGENIE_API_URL", "ftp://opsgenie.example"],
    ["TELEGRAM_API_URL", "not a url"],
  ])("rejects %s=%s naming the variable and the value", (name, value) => {
    const [problem, ...rest] = problems({ [name]: value });
    expect(rest).toEqual([]);
    expect(problem).toMatch(new RegExp(`^${name} `));
    expect(problem).toContain(JSON.stringify(value));
  });

  it("rejects an SMTP_URL that is not smtp:// or smtps:// without printing it (it holds a password)", () => {
    for (const value of ["http://user:hunter2@smtp.internal", "smtp.internal:25", "smtp://"]) {
      const [problem, ...rest] = problems({ SMTP_URL: value });
      expect(rest).toEqual([]);
      expect(problem).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(problem).not.toContain(JSON.stringify(value));
    }
  });

  it("reads REDIS_URL (unset: null), and rejects one that is not redis:// or rediss:// without printing it", () => {
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: "redis://:s3cret@127.0.0.1:6379/2" }).redisUrl).toBe(
      "redis://:s3cret@127.0.0.1:6379/2",
    );
    expect(loadConfig({ REDIS_URL: "rediss://redis.example.com" }).redisUrl).toBe("rediss://redis.example.com");
    for (const value of ["http://:hunter2@redis.internal", "redis.internal:6379", "redis://"]) {
      const [problem, ...rest] = problems({ REDIS_URL: value });
      expect(rest).toEqual([]);
      expect(problem).toMatch(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
      expect(problem).not.toContain("hunter2");
    }
  });

  it("reports delivery problems together with the others", () => {
    expect(problems({ PORT: "x", SMTP_URL: "nope", OPSGENIE_API_URL: "nope" }).map((p) => p.split(" ")[0])).toEqual([
      "PORT",
      "SMTP_URL",
      "OPSGENIE_API_URL",
    ]);
  });

  it("has PUBLIC_URL for alert links: http://<HOST>:<PORT> unless set, without a trailing slash", () => {
    expect(loadConfig({}).publicUrl).toBe("http://127.0.0.1:3000");
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "8080" }).publicUrl).toBe("http://0.0.0.0:8080");
    expect(loadConfig({ PUBLIC_URL: "https://vigil.example.com/" }).publicUrl).toBe("https://vigil.example.com");
    expect(problems({ PUBLIC_URL: "vigil.example.com" })).toEqual([
      expect.stringMatching(/^PUBLIC_URL must be an http or https URL/),
    ]);
  });
  it("has the HTTP guards' defaults and reads them; headers may not take longer than the whole request", () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      sendTimeoutMs: 60_000,
      maxConnectionsPerAddress: 256,
      maxConnections: 10_000,
    });
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: "2000",
        HTTP_REQUEST_TIMEOUT_MS: "5000",
        HTTP_KEEP_ALIVE_TIMEOUT_MS: "4000",
        HTTP_SEND_TIMEOUT_MS: "3000",
        MAX_CONNECTIONS_PER_ADDRESS: "0",
        MAX_CONNECTIONS: "100",
      }).http,
    ).toEqual({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 5000,
      keepAliveTimeoutMs: 4000,
      sendTimeoutMs: 3000,
      maxConnectionsPerAddress: 0,
      maxConnections: 100,
    });
    expect(problems({ HTTP_HEADERS_TIMEOUT_MS: "20000", HTTP_REQUEST_TIMEOUT_MS: "10000" })).toEqual([
      expect.stringMatching(/^HTTP_HEADERS_TIMEOUT_MS must not be larger than HTTP_REQUEST_TIMEOUT_MS/),
    ]);
    expect(problems({ MAX_CONNECTIONS: "-1" })[0]).toMatch(/^MAX_CONNECTIONS must be an integer/);
  });
});
