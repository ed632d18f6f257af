// Issue 25, point 6: no credential reaches a log line, whatever the URL carried.
import { randomBytes, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { loggerOptions } from "../../../src/logger.js";
import { buildApp, type App } from "../../../src/server.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";

describe(`credentials in the request log on ${testProvider}`, () => {
  const written: string[] = [];
  let app: App;
  let url: string;
  const apiKey = `vg_test_${randomBytes(16).toString("hex")}`;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({
      PORT: "0",
      LOG_LEVEL: "trace",
      ENGINE_ENABLED: "false",
      VIGIL_ACCOUNT_ID: randomUUID(),
      VIGIL_API_KEY: apiKey,
      DATABASE_URL: await migratedDatabaseUrl(),
    });
    // The service's own logger settings (createLogger's redaction and serializers), into the sink.
    app = await buildApp(config, { logger: pino(loggerOptions("trace"), sink) });
    ({ url } = await app.start());
  });
  afterAll(() => app.stop());

  it("writes [redacted] for key, token, signature, expires and the ping token, and keeps the rest", async () => {
    const secret = (name: string) => `${name}-${randomBytes(12).toString("hex")}`;
    const secrets = {
      key: secret("sp"),
      confirm: secret("confirm"),
      unsubscribe: secret("unsub"),
      signature: secret("sig"),
      expires: "4102444800",
      ping: secret("ping"),
      bearer: apiKey,
    };
    const paths = [
      `/status/some-page?key=${secrets.key}`,
      `/status/some-page/summary.json?theme=dark&KEY=${secrets.key}`,
      `/status/some-page/subscriptions/confirm?token=${secrets.confirm}`,
      `/status/some-page/subscriptions/unsubscribe?token=${secrets.unsubscribe}`,
      `/v1/assets/${randomUUID()}?expires=${secrets.expires}&signature=${secrets.signature}`,
      `/ping/${secrets.ping}`,
      `/ping/${secrets.ping}?status=FAILING`,
      `/access?next=%2Fstatus%2Fsome-page&k%65y=${secrets.key}`,
    ];
    for (const path of paths) {
      const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
      await response.arrayBuffer();
    }
    for (let i = 0; i < 100 && written.join("").split('"msg":"request"').length <= paths.length; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const log = written.join("");
    for (const [name, value] of Object.entries(secrets)) expect(log, name).not.toContain(value);
    const urls = log
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; url?: string })
      .filter((line) => line.msg === "request")
      .map((line) => line.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/status/some-page?key=[redacted]",
        "/status/some-page/summary.json?theme=dark&KEY=[redacted]",
        `${paths[4]!.split("?")[0]}?expires=[redacted]&signature=[redacted]`,
        "/ping/[redacted]",
        "/ping/[redacted]?status=FAILING",
      ]),
    );
  });
});
