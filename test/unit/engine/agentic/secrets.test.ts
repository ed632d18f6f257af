import { describe, expect, it } from "vitest";
import { Secrets } from "../../../../src/engine/agentic/secrets.js";

describe("an AGENTIC run's secrets", () => {
  const secrets = new Secrets([
    { key: "TOKEN", value: "abc/def ghi", secret: true },
    { key: "TOKEN_LONG", value: "abc/def ghi-and-more", secret: true },
    { key: "SITE", value: "https://shop.example.com" },
    { key: "EMPTY", value: null, secret: true },
  ]);

  it("sends the prompt with plain variables filled in and each secret as its placeholder", () => {
    expect(secrets.prompt("Open {{SITE}}, log in with {{TOKEN}} (that is abc/def ghi-and-more) and {{ EMPTY }}.")).toBe(
      "Open https://shop.example.com, log in with {{TOKEN}} (that is {{TOKEN_LONG}}) and .",
    );
    expect(secrets.names).toEqual(["TOKEN", "TOKEN_LONG"]);
  });

  it("hides secrets read back from a page, plain or URL-encoded, in nested values", () => {
    expect(secrets.hideDeep({ url: "https://x/?t=abc%2Fdef%20ghi", text: ["token abc/def ghi"] })).toEqual({
      url: "https://x/?t={{TOKEN}}",
      text: ["token {{TOKEN}}"],
    });
    expect(secrets.hide("{{SITE}} stays as written")).toBe("{{SITE}} stays as written");
  });

  it("puts the real values back for the page", () => {
    expect(secrets.reveal("{{TOKEN}} on {{SITE}}, {{UNKNOWN}}")).toBe(
      "abc/def ghi on https://shop.example.com, {{UNKNOWN}}",
    );
  });
});
