import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, type Service, createStatusPage } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { eventually } from "../../support/eventually.js";
import { openEventStream, visit } from "../../support/visitor.js";

const PATHS = [
  "",
  "/incidents/00000000-0000-4000-8000-000000000000",
  "/history",
  "/feed.rss",
  "/feed.atom",
  "/summary.json",
  "/events",
];

describe(`status pages on the web on ${testProvider}`, () => {
  const t = useTestApp();
  let web: Service;
  let api: Service;
  let hidden: Service;
  let page: { id: string; url: string };
  const ids: Record<string, string> = {};
  const incident = async (name: string, services: Service[], severity = "MAJOR", description = `${name}: looking`) => {
    const response = await t.api.post("/v1/status-pages/incidents", {
      name,
      severity,
      services: services.map((s) => ({ id: s.id })),
      incidentUpdates: [{ description }],
    });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const get = (path: string, host?: string) => visit(t.url, path, { host });

  beforeAll(async () => {
    web = await createService(t.api, "Web <app>");
    api = await createService(t.api, "API");
    hidden = await createService(t.api, "Billing (not on the page)");
    page = await createStatusPage(t.api, [web.id, api.id], {
      name: `Acme "status" <script>alert(1)</script>`,
      url: "acme-web",
      description: "Everything <b>Acme</b> runs",
      customDomain: "status.acme.test",
      logo: "https://cdn.acme.test/logo.png",
      favicon: "https://cdn.acme.test/favicon.ico",
      defaultTheme: "AUTO",
    });
    await t.db.statusPage.update({ where: { id: page.id }, data: { verifiedDomain: "status.acme.test" } });
    ids.open = await incident("<img src=x onerror=alert(1)>", [web, hidden], "MAJOR", "<script>alert('x')</script>");
    ids.hiddenOnly = await incident("Billing only", [hidden]);
  });

  it("renders the page: state banner, cards with services and 90 bars, open incidents with their updates", async () => {
    const response = await get("/status/Acme-Web");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    const body = response.body;
    expect(body).toContain('<html lang="en">');
    expect(body).toMatch(/<header class="site">[\s\S]*<main id="main">[\s\S]*<footer>/);
    expect(body).toContain('class="banner s-MAJOR" role="status" id="overall">Partial System Outage</p>');
    expect(body).toContain("Web &lt;app&gt;");
    expect(body.match(/<ol class="bars"/g)).toHaveLength(2);
    expect(body.match(/<li class="s-[A-Za-z]+" title="\d{4}-\d{2}-\d{2}: /g)).toHaveLength(180);
    const today = new Date().toISOString().slice(0, 10);
    expect(body).toContain(`title="${today}: Major outage"`);
    expect(body).toContain(`<span class="vh">${today}: Operational</span>`);
    expect(body).toContain(`data-incident-id="${ids.open}"`);
    expect(body).toContain(
      '<img src="https://cdn.acme.test/logo.png" alt="Acme &quot;status&quot; &lt;script&gt;alert(1)&lt;/script&gt; logo">',
    );
    expect(body).toContain('<link rel="icon" href="https://cdn.acme.test/favicon.ico">');
    expect(body).toContain("@media (prefers-color-scheme: dark)");
    expect(body).toContain("--body-background-color:#ffffff;");
  });

  it("escapes every value an account writes, and never shows the names of services the page does not show", async () => {
    const { body } = await get("/status/acme-web");
    expect(body).not.toContain("<script>alert");
    expect(body).not.toContain("<img src=x");
    expect(body).not.toContain("<b>Acme</b>");
    expect(body).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(body).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(body).not.toContain("Billing");
    expect(body).not.toContain(ids.hiddenOnly);
    // The only script is ours, and the policy says so.
    expect([...body.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script src="/status/assets/live.js" defer>',
    ]);
    const policy = String((await get("/status/acme-web")).headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it("never makes a javascript: logo or favicon a source or a link", async () => {
    const service = await createService(t.api, "Logo service");
    const evil = await createStatusPage(t.api, [service.id], { url: "evil-logo" });
    // The API refuses such URLs; stored ones (older rows) are still never used.
    await t.db.statusPage.update({
      where: { id: evil.id },
      data: { logo: "javascript:alert(1)", favicon: "javascript:alert(2)", logoDark: "data:text/html,x" },
    });
    const { status, body } = await get("/status/evil-logo");
    expect(status).toBe(200);
    expect(body).not.toMatch(/javascript:|data:text/);
    expect(body).not.toContain("<img");
  });

  it("shows one incident at /incidents/{id}, and 404s for one the page does not show", async () => {
    const shown = await get(`/status/acme-web/incidents/${ids.open}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('<h2><a href="/status/acme-web/incidents/');
    expect(shown.body).toContain("Investigating");
    for (const id of [ids.hiddenOnly, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const missing = await get(`/status/acme-web/incidents/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.headers["content-type"]).toMatch(/^text\/html/);
      expect(missing.body).not.toContain("Billing");
    }
  });

  it("pages the history of resolved incidents, newest first", async () => {
    const service = await createService(t.api, "History service");
    await createStatusPage(t.api, [service.id], { url: "acme-history" });
    const names: string[] = [];
    for (let i = 0; i < 21; i++) {
      const id = await incident(`resolved ${String(i).padStart(2, "0")}`, [service], "MINOR");
      expect(
        (
          await t.api.post(`/v1/status-pages/incidents/${id}/incident-updates`, {
            description: "fixed",
            status: "RESOLVED",
          })
        ).status,
      ).toBe(201);
      names.push(`resolved ${String(i).padStart(2, "0")}`);
    }
    await incident("still open", [service]);
    const first = await get("/status/acme-history/history");
    expect(first.status).toBe(200);
    const shown = (body: string) => [...body.matchAll(/<h3><a href="[^"]+">([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);
    expect(shown(first.body)).toEqual(names.slice(1).reverse());
    expect(first.body).toContain('<a rel="next" href="/status/acme-history/history?page=2">');
    const second = await get("/status/acme-history/history?page=2");
    expect(shown(second.body)).toEqual([names[0]]);
    expect(second.body).toContain('rel="prev"');
    expect(second.body).not.toContain('rel="next"');
    for (const bad of ["0", "abc", "-1", "1.5"])
      expect((await get(`/status/acme-history/history?page=${bad}`)).status).toBe(400);
  });

  it("serves the same at the root of the page's custom domain, and leaves other hosts unchanged", async () => {
    const byDomain = await get("/", "status.acme.test");
    expect(byDomain.status).toBe(200);
    expect(byDomain.body).toContain(`data-incident-id="${ids.open}"`);
    expect(byDomain.body).toContain(`href="/incidents/${ids.open}"`);
    expect((await get(`/incidents/${ids.open}`, "STATUS.acme.test:8080")).status).toBe(200);
    expect((await get("/history", "status.acme.test")).status).toBe(200);
    const summary = await get("/summary.json", "status.acme.test");
    expect(JSON.parse(summary.body).page).toMatchObject({ id: page.id, url: "http://status.acme.test/" });
    expect((await get("/feed.rss", "status.acme.test")).body).toContain("<rss");
    // Another Host gets the operator app there (client routes), never the page.
    for (const path of ["/", "/history"]) {
      const other = await get(path, "elsewhere.test");
      expect(other.headers["content-type"]).toMatch(/^text\/html/);
      expect(other.body).not.toContain("data-incident-id");
    }
    const other = await get("/summary.json", "elsewhere.test");
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body)).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "no route GET /summary.json",
    });
  });

  it("streams events on the custom domain too, and says when an incident left the page", async () => {
    const stream = await openEventStream(t.url, "/events", "status.acme.test");
    try {
      expect(stream.status).toBe(200);
      await eventually(() => stream.raw().startsWith("retry:"));
      const id = await incident("Leaving soon", [web]);
      const added = await eventually(() => stream.events.find((e) => e.data.includes("Leaving soon")), 5000);
      expect(JSON.parse(added.data).html).toContain(`href="/incidents/${id}"`);
      const moved = await t.api.put(`/v1/status-pages/incidents/${id}`, {
        name: "Leaving soon",
        severity: "MAJOR",
        services: [{ id: hidden.id }],
      });
      expect(moved.status).toBe(200);
      const removed = await eventually(() => stream.events.find((e) => e.data.includes('"removed":true')), 5000);
      expect(JSON.parse(removed.data)).toEqual({ id, removed: true });
    } finally {
      stream.close();
    }
  });

  it("answers an unknown page with 404 on every path (JSON for summary.json)", async () => {
    for (const path of PATHS) {
      const response = await get(`/status/no-such-page${path}`);
      expect(response.status).toBe(404);
      if (path === "/summary.json") expect(JSON.parse(response.body).statusCode).toBe(404);
      else expect(response.body).toContain("Not found");
    }
  });

  it("refuses a private page on every public path, feeds and events included, and never renders it", async () => {
    const service = await createService(t.api, "Secret service");
    const secret = await createStatusPage(t.api, [service.id], {
      name: "Secret page",
      url: "acme-secret",
      customDomain: "secret.acme.test",
    });
    await incident("Secret incident", [service]);
    // Private, and its domain as if its TXT record had been seen (test/integration/status-pages/custom-domains.test.ts does it for real).
    await t.db.statusPage.update({
      where: { id: secret.id },
      data: { isPrivate: true, verifiedDomain: "secret.acme.test" },
    });
    await t.api.put(`/v1/status-pages/${secret.id}`, { name: "Secret page", url: "acme-secret" });
    for (const [prefix, host] of [
      ["/status/acme-secret", undefined],
      ["", "secret.acme.test"],
    ] as const) {
      for (const path of PATHS) {
        const response = await get(`${prefix}${path}` || "/", host);
        expect(response.status, `${prefix}${path}`).toBe(401);
        expect(response.headers["cache-control"]).toBe("no-store");
        expect(response.body).not.toMatch(/Secret (page|incident|service)/);
        // Feeds, summary.json and events answer JSON; the pages answer the key form.
        if (/^\/(summary\.json|feed\.rss|feed\.atom|events)$/.test(path))
          expect(JSON.parse(response.body).message).toBe("this status page is private: add ?key=<status page key>");
        else expect(response.body).toContain(`action="${prefix}/access"`);
      }
    }
  });

  it("never shows another account's incidents, even on services named alike", async () => {
    const other = await t.newAccount();
    const theirApi = restClient(t.url, other.apiKey);
    const theirService = await createService(theirApi, "Web <app>");
    const theirIncident = await theirApi.post("/v1/status-pages/incidents", {
      name: "Their outage",
      severity: "CRITICAL",
      services: [{ id: theirService.id }],
      incidentUpdates: [{ description: "theirs" }],
    });
    expect(theirIncident.status).toBe(201);
    for (const path of [
      "",
      "/history",
      "/feed.rss",
      "/feed.atom",
      "/summary.json",
      `/incidents/${theirIncident.body.id}`,
    ]) {
      const { body } = await get(`/status/acme-web${path}`);
      expect(body).not.toContain("Their outage");
      expect(body).not.toContain(theirIncident.body.id);
    }
  });
});
