import { describe, expect, it } from "vitest";
import { runSecrets } from "../../../src/agent/run.js";
import type { ClaimedRun } from "../../../src/agent/client.js";
import { createScrubber } from "../../../src/agent/scrub.js";

const SECRET = 'pa"ss w/rd+&=';

describe("the agent's scrubber", () => {
  it("removes a run's secrets in plain, URL-encoded, form-encoded and JSON-escaped forms while the run is under way", () => {
    const scrubber = createScrubber(["pl_agentkeyagentkeyagentkey"]);
    const line = JSON.stringify({
      msg: `got ${SECRET}`,
      url: `http://h/?t=${encodeURIComponent(SECRET)}&f=${new URLSearchParams({ s: SECRET }).toString().slice(2)}`,
    });
    const forget = scrubber.add([SECRET]);
    const scrubbed = scrubber.text(line);
    for (const form of [SECRET, JSON.stringify(SECRET).slice(1, -1), encodeURIComponent(SECRET)])
      expect(scrubbed).not.toContain(form);
    expect(JSON.parse(scrubbed).msg).toBe("got [redacted]");
    forget();
    expect(scrubber.text(`got ${SECRET}`)).toBe(`got ${SECRET}`);
  });

  it("removes credentials by their shape: the agent key, URL passwords, Authorization values; the service URL from logs only", () => {
    const scrubber = createScrubber(["pl_agentkeyagentkeyagentkey"], ["https://vigil.internal:8443"]);
    expect(scrubber.text("key pl_agentkeyagentkeyagentkey and pl_someotherkeyvalue123456")).toBe(
      "key [redacted] and [redacted]",
    );
    expect(scrubber.text("http://bob:hunter2@10.0.0.1/x")).toBe("http://bob:[redacted]@10.0.0.1/x");
    expect(scrubber.text('{"authorization":"Bearer abc.def"} Basic dXNlcjpwdw==')).toBe(
      '{"authorization":"Bearer [redacted]"} Basic [redacted]',
    );
    expect(scrubber.text("calling https://vigil.internal:8443/agent/v1/claims", true)).toBe(
      "calling [redacted]/agent/v1/claims",
    );
    expect(scrubber.text("https://vigil.internal:8443/health")).toBe("https://vigil.internal:8443/health");
  });

  it("scrubs every string and key of a report, leaving numbers, booleans and dates alone", () => {
    const scrubber = createScrubber([]);
    scrubber.add([SECRET]);
    const at = new Date();
    expect(scrubber.deep({ responseTime: 123, ok: true, at, list: [SECRET, { [SECRET]: `x${SECRET}` }] })).toEqual({
      responseTime: 123,
      ok: true,
      at,
      list: ["[redacted]", { "[redacted]": "x[redacted]" }],
    });
  });

  it("knows a run's secrets: secret variables, the basic-auth password and credential headers", () => {
    const run = {
      effective: {
        environmentVariables: [
          { key: "A", value: "secret-var", secret: true },
          { key: "B", value: "public-var", secret: false },
        ],
        request: {
          basicAuth: { username: "u", password: "basic-pw" },
          headers: [
            { key: "Authorization", value: "Bearer tok123" },
            { key: "Accept", value: "text/plain" },
          ],
        },
      },
    } as unknown as ClaimedRun;
    expect(runSecrets(run).sort()).toEqual(["Bearer tok123", "basic-pw", "secret-var"]);
  });
});
