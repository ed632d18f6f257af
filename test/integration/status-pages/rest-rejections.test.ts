import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

let slugs = 0;
const slug = () => `page-${++slugs}`;
const palette = (c: string) =>
  Object.fromEntries(
    [
      "bodyBackgroundColor",
      "headerBackgroundColor",
      "headerFontColor",
      "titleFontColor",
      "bodyFontColor",
      "bodyFontColorMuted",
      "navigationFontColor",
      "linkFontColor",
      "cardBackgroundColor",
      "borderColor",
      "primaryButtonBackgroundColor",
      "primaryButtonFontColor",
    ].map((k) => [k, c]),
  );
const themeColors = { light: palette("#FFFFFF"), dark: palette("#1a2b3c") };

describe(`REST status pages: rejected requests on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const counts = async () => [
    await db().statusPage.count(),
    await db().statusPageCard.count(),
    await db().statusPageCardService.count(),
  ];

  const long = (n: number) => "a".repeat(n);
  it.each([
    [{ url: "abc" }, 201, []],
    [{ url: long(63) }, 201, []],
    [{ url: "0-9-az" }, 201, []],
    [{ url: "ab" }, 400, ["url"]],
    [{ url: long(64) }, 400, ["url"]],
    [{ url: "a_b-c" }, 400, ["url"]],
    [{ url: "a.b.c" }, 400, ["url"]],
    [{ url: "with space" }, 400, ["url"]],
    [{ url: 123 }, 400, ["url"]],
    [{ name: long(255) }, 201, []],
    [{ name: long(256) }, 400, ["name"]],
    [{ name: " " }, 400, ["name"]],
    [{ description: long(500) }, 201, []],
    [{ description: long(501) }, 400, ["description"]],
    [{ customDomain: "status..example.com" }, 400, ["customDomain"]],
    [{ customDomain: "localhost" }, 400, ["customDomain"]],
    [{ customDomain: "127.0.0.1" }, 400, ["customDomain"]],
    [{ customDomain: "https://status.example.com" }, 400, ["customDomain"]],
    [{ logo: "javascript:alert(1)" }, 400, ["logo"]],
    [{ logoDark: "ftp://example.com/x.png" }, 400, ["logoDark"]],
    [{ redirectTo: "not a url" }, 400, ["redirectTo"]],
    [{ favicon: 5 }, 400, ["favicon"]],
    [{ logo: `https://example.com/${long(2028)}` }, 201, []],
    [{ logo: `https://example.com/${long(2029)}` }, 400, ["logo"]],
    [{ defaultTheme: "NEON" }, 400, ["defaultTheme"]],
    [{ version: "1" }, 400, ["version"]],
    [{ themeColors: { light: palette("#FFF") } }, 400, ["themeColors.dark"]],
    [
      { themeColors: { ...themeColors, dark: { ...palette("#000000"), borderColor: "black" } } },
      400,
      ["themeColors.dark.borderColor"],
    ],
    [
      { themeColors: { ...themeColors, light: { ...palette("#000000"), shadow: "#000" } } },
      400,
      ["themeColors.light.shadow"],
    ],
    [
      { themeColors: { ...themeColors, dark: { ...palette("#000000"), linkFontColor: "#12345" } } },
      400,
      ["themeColors.dark.linkFontColor"],
    ],
    [{ isPrivate: "yes" }, 400, ["isPrivate"]],
    [{ isPrivate: true }, 201, []],
    [{ incidents: [] }, 400, ["incidents"]],
    [{ cards: {} }, 400, ["cards"]],
    [{ cards: [{ services: [] }] }, 400, ["cards.0.name"]],
    [{ cards: [{ name: "c", colour: "red" }] }, 400, ["cards.0.colour"]],
    [{ cards: [{ name: "c", services: ["abc"] }] }, 400, ["cards.0.services.0"]],
    [{ cards: [{ name: long(255), statusPageId: "ignored", created_at: "x", updated_at: "x" }] }, 201, []],
    [{ cards: [{ name: long(256) }] }, 400, ["cards.0.name"]],
    [{ cards: Array.from({ length: 100 }, (_, i) => ({ name: `c${i}` })) }, 201, []],
    [{ cards: Array.from({ length: 101 }, (_, i) => ({ name: `c${i}` })) }, 400, ["cards"]],
  ])("validates %o → %i", async (change, status, keys) => {
    const before = await counts();
    const response = await api.post("/v1/status-pages", { name: "Limits", url: slug(), ...change });
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        validation: { source: "payload", keys },
      });
      expect(await counts()).toEqual(before);
    } else {
      expect((await api.get(`/v1/status-pages/${response.body.id}`)).body).toEqual(response.body);
    }
  });

  it("requires name and url, and refuses a body that is not a JSON object", async () => {
    const before = await counts();
    expect((await api.post("/v1/status-pages", {})).body.validation).toEqual({
      source: "payload",
      keys: ["name", "url"],
    });
    expect((await api.post("/v1/status-pages", [{ name: "x", url: slug() }])).status).toBe(400);
    const malformed = await api.raw("POST", "/v1/status-pages", {
      body: "{ nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("answers 409 for a url taken by any account, writing nothing; an unverified domain is nobody's", async () => {
    const stranger = restClient(t.url, (await t.newAccount()).apiKey);
    const theirs = await stranger.post("/v1/status-pages", {
      name: "Theirs",
      url: "taken-url",
      customDomain: "status.taken.com",
    });
    expect(theirs.status).toBe(201);
    const before = await counts();
    const sameUrl = await api.post("/v1/status-pages", { name: "Mine", url: "TAKEN-url" });
    expect(sameUrl.status).toBe(409);
    expect(sameUrl.body).toEqual({ statusCode: 409, error: "Conflict", message: expect.stringContaining("url") });
    expect(await counts()).toEqual(before);
    // Naming a domain proves nothing (test/integration/status-pages/custom-domains.test.ts): a squatter cannot block its owner.
    const sameDomain = await api.post("/v1/status-pages", {
      name: "Mine",
      url: slug(),
      customDomain: "STATUS.taken.com",
    });
    expect(sameDomain.status).toBe(201);
    expect(sameDomain.body).toMatchObject({ customDomain: "status.taken.com", customDomainVerified: false });

    const { body: mine } = await api.post("/v1/status-pages", { name: "Mine", url: slug() });
    const put = await api.put(`/v1/status-pages/${mine.id}`, {
      name: "Mine",
      url: "taken-url",
      cards: [{ name: "new card" }],
    });
    expect(put.status).toBe(409);
    expect((await api.get(`/v1/status-pages/${mine.id}`)).body).toEqual(mine);
    expect((await stranger.delete(`/v1/status-pages/${theirs.body.id}`)).status).toBe(204);
    expect((await api.post("/v1/status-pages", { name: "Mine", url: "taken-url" })).status).toBe(201);
  });
});
