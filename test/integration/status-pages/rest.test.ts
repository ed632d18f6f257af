import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
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

describe(`REST status pages on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;

  it("creates with every default, reads, lists, updates and deletes", async () => {
    const url = slug();
    const created = await api.post("/v1/status-pages", { name: "Acme status", url });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: uuid,
      accountId: t.accountId,
      name: "Acme status",
      url,
      description: null,
      customDomain: null,
      customDomainVerified: false,
      customDomainToken: null,
      logo: null,
      logoDark: null,
      redirectTo: null,
      favicon: null,
      defaultTheme: "AUTO",
      version: null,
      themeColors: null,
      isPrivate: false,
      webhookSecret: null,
      cards: [],
      incidents: [],
      keys: [],
      created_at: stamp,
      updated_at: stamp,
    });
    const id = created.body.id;
    expect((await api.get(`/v1/status-pages/${id}`)).body).toEqual(created.body);
    expect((await api.get("/v1/status-pages")).body.entries).toContainEqual(created.body);

    const updated = await api.put(`/v1/status-pages/${id}`, {
      name: "Renamed",
      url,
      description: "kept",
      defaultTheme: "DARK",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...created.body,
      name: "Renamed",
      description: "kept",
      defaultTheme: "DARK",
      updated_at: stamp,
    });
    expect((await api.delete(`/v1/status-pages/${id}`)).status).toBe(204);
    expect((await api.get(`/v1/status-pages/${id}`)).status).toBe(404);
    expect((await api.delete(`/v1/status-pages/${id}`)).status).toBe(404);
  });

  it("stores every property of the reference document, lower-casing url and customDomain", async () => {
    const body = {
      name: "Full",
      url: "Full-Page-1",
      description: "All of it",
      customDomain: "Status.Example.COM",
      logo: "https://example.com/logo.png",
      logoDark: "https://example.com/logo-dark.png",
      redirectTo: "http://example.com/",
      favicon: "https://example.com/favicon.ico",
      defaultTheme: "LIGHT",
      version: 2.5,
      themeColors,
      cards: [],
      id: "ignored",
      created_at: "2000-01-01",
      updated_at: "2000-01-01",
    };
    const created = await api.post("/v1/status-pages", body);
    expect(created.status).toBe(201);
    const { id: _id, created_at: _c, updated_at: _u, ...stored } = body;
    expect(created.body).toEqual({
      ...stored,
      url: "full-page-1",
      customDomain: "status.example.com",
      customDomainVerified: false,
      customDomainToken: expect.stringMatching(/^vigil-verify=[0-9a-f]{32}$/),
      id: uuid,
      accountId: t.accountId,
      isPrivate: false,
      webhookSecret: null,
      incidents: [],
      keys: [],
      created_at: stamp,
      updated_at: stamp,
    });
    expect(created.body.created_at).not.toMatch(/^2000/);
    expect((await api.get(`/v1/status-pages/${created.body.id}`)).body).toEqual(created.body);
  });

  it("PUT needs name and url, replaces what it is sent and keeps what is omitted", async () => {
    const url = slug();
    const { body: page } = await api.post("/v1/status-pages", {
      name: "P",
      url,
      description: "d",
      logo: "https://example.com/a.png",
      themeColors,
      version: 1,
    });
    const missing = await api.put(`/v1/status-pages/${page.id}`, { description: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.validation).toEqual({ source: "payload", keys: ["name", "url"] });
    const kept = await api.put(`/v1/status-pages/${page.id}`, { name: "P2", url: url.toUpperCase() });
    expect(kept.body).toEqual({ ...page, name: "P2", updated_at: stamp });
    const cleared = await api.put(`/v1/status-pages/${page.id}`, {
      name: "P2",
      url,
      description: null,
      logo: null,
      themeColors: null,
      version: null,
    });
    expect(cleared.body).toEqual({
      ...page,
      name: "P2",
      description: null,
      logo: null,
      themeColors: null,
      version: null,
      updated_at: stamp,
    });
    const rejected = await api.put(`/v1/status-pages/${page.id}`, { name: "P3", url, defaultTheme: "SEPIA" });
    expect(rejected.body.validation).toEqual({ source: "payload", keys: ["defaultTheme"] });
    expect((await api.get(`/v1/status-pages/${page.id}`)).body.name).toBe("P2");
  });

  it("keeps accounts apart: another account's page is 404 on every item path and absent from its list", async () => {
    const { body: page } = await api.post("/v1/status-pages", { name: "Private to me", url: slug() });
    const stranger = restClient(t.url, (await t.newAccount()).apiKey);
    expect((await stranger.get(`/v1/status-pages/${page.id}`)).status).toBe(404);
    expect((await stranger.put(`/v1/status-pages/${page.id}`, { name: "x", url: slug() })).status).toBe(404);
    expect((await stranger.delete(`/v1/status-pages/${page.id}`)).status).toBe(404);
    expect((await stranger.get("/v1/status-pages")).body).toEqual({ length: 0, entries: [], nextId: null });
    expect((await api.get(`/v1/status-pages/${page.id}`)).body).toEqual(page);
    for (const bad of ["abc", "123", page.id.toUpperCase().replace(/-/g, ""), `${page.id}0`]) {
      expect((await api.get(`/v1/status-pages/${bad}`)).status).toBe(404);
      expect((await api.put(`/v1/status-pages/${bad}`, { name: "x", url: slug() })).status).toBe(404);
      expect((await api.delete(`/v1/status-pages/${bad}`)).status).toBe(404);
    }
  });

  it("routes /v1/status-pages/services and /incidents to their own operations, not to a status page id", async () => {
    const services = await api.get("/v1/status-pages/services");
    expect(services.status).toBe(200);
    expect(services.body).toEqual({ length: expect.any(Number), entries: expect.any(Array), nextId: null });
    const incidents = await api.get("/v1/status-pages/incidents");
    expect(incidents.status).toBe(200);
    expect(incidents.body).toEqual({ length: expect.any(Number), entries: expect.any(Array), nextId: null });
    expect((await api.post("/v1/status-pages/services", { name: "routed" })).status).toBe(201);
    // No such operation: a status page named "services" does not exist either.
    expect((await api.delete("/v1/status-pages/services")).status).toBe(404);
  });
});
