// The operator app's build served by `vigil serve`: hashed assets cached for a year, index.html
// (no-cache, CSP without inline script) for `/` and client routes, the service's own paths
// untouched, a status page's custom domain still its page, and a page saying how to build when
// there is no build. The build here is a tiny fake one in a temporary directory (APP_DIST_DIR).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, createStatusPage } from "../../support/index.js";
import { signIn } from "../../support/sessions.js";
import { visit } from "../../support/visitor.js";

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-4f2a9c.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const app = ${JSON.stringify("x".repeat(4000))};\n`;
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; " +
  "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "vigil-app-dist-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), INDEX);
  writeFileSync(join(dir, "assets", "index-4f2a9c.js"), SCRIPT);
  writeFileSync(join(dir, "assets", "index-77aa01.css"), "body{margin:0}");
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(dir, ".env"), "SECRET=1");
  return dir;
}

describe(`the operator app served on ${testProvider}`, () => {
  const t = useTestApp({ APP_DIST_DIR: fakeBuild() });

  it("answers / and client routes with index.html, no-cache and the app's CSP", async () => {
    for (const path of ["/", "/checks/123", "/setup?token=abc", "/sign-in", "/checks/1/results/"]) {
      const response = await fetch(`${t.url}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("content-security-policy")).toBe(CSP);
      expect(await response.text()).toBe(INDEX);
    }
    const etag = (await fetch(`${t.url}/`)).headers.get("etag")!;
    expect((await fetch(`${t.url}/`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("serves hashed assets for a year, compressed when asked, and 404s a missing or smuggled one", async () => {
    const script = await fetch(`${t.url}/assets/index-4f2a9c.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await script.text()).toBe(SCRIPT);
    // fetch asked for gzip and decoded it: the text above went compressed.
    const zipped = await visit(t.url, "/assets/index-4f2a9c.js", { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect((await visit(t.url, "/assets/index-4f2a9c.js")).body).toBe(SCRIPT);
    const css = await fetch(`${t.url}/assets/index-77aa01.css`);
    expect([css.headers.get("content-type"), await css.text()]).toEqual(["text/css; charset=utf-8", "body{margin:0}"]);
    for (const path of [
      "/assets/index-000000.js",
      "/assets/",
      "/assets/..%2findex.html",
      "/assets/%2e%2e/index.html",
      "/assets/../../package.json",
      "/.env",
      "/favicon.ico",
    ]) {
      const missing = await visit(t.url, path);
      expect([path, missing.status]).toEqual([path, 404]);
      expect(missing.body).not.toContain("SECRET");
    }
    const favicon = await fetch(`${t.url}/favicon.svg`);
    expect([favicon.status, favicon.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
  });

  it("leaves the service's own paths their meaning", async () => {
    const status = async (path: string, init?: RequestInit) => (await fetch(`${t.url}${path}`, init)).status;
    expect(await status("/v1/checks")).toBe(401);
    expect(await status("/v2/checks")).toBe(401);
    expect(await status("/v1/no-such-thing", { headers: { authorization: `Bearer ${t.apiKey}` } })).toBe(404);
    expect(await status("/health")).toBe(200);
    expect(await status("/-/liveness")).toBe(200);
    expect(await status("/-/nothing")).toBe(404);
    expect(await status("/metrics")).toBe(200);
    expect(await status("/openapi.json")).toBe(200);
    expect((await fetch(`${t.url}/docs`)).headers.get("content-type")).toMatch(/^text\/html/);
    expect((await (await fetch(`${t.url}/docs`)).text()).includes('id="root"')).toBe(false);
    expect(await status("/status/no-such-page")).toBe(404);
    expect(await status("/ping/nothing-here")).toBe(404);
    expect(await status("/agent/v1/claims")).toBe(401);
    const graphql = await fetch(`${t.url}/graphql?query=${encodeURIComponent("{ __typename }")}`);
    expect(await graphql.json()).toEqual({ data: { __typename: "Query" } });
    // Only GET is the app's: any other method on a client path is a 404.
    const post = await fetch(`${t.url}/checks/123`, { method: "POST" });
    expect([post.status, (await post.json()).message]).toEqual([404, "no route POST /checks/123"]);
  });

  it("keeps a custom domain's / for its status page", async () => {
    const service = await createService(t.api, "Web");
    const created = await createStatusPage(t.api, [service.id], { customDomain: "status.app-test.example" });
    // A custom domain answers once its DNS record was seen (test/integration/status-pages/custom-domains.test.ts).
    await t.db.statusPage.update({ where: { id: created.id }, data: { verifiedDomain: "status.app-test.example" } });
    const page = await visit(t.url, "/", { host: "status.app-test.example" });
    expect(page.status).toBe(200);
    expect(page.body).not.toBe(INDEX);
    expect(page.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect((await visit(t.url, "/checks/1", { host: "status.app-test.example" })).status).toBe(404);
    expect((await visit(t.url, "/", { host: "other.app-test.example" })).body).toBe(INDEX);
  });

  it("lets the app frame a status page previewed by its owner, and nobody else", async () => {
    const service = await createService(t.api, "Framed");
    const page = await createStatusPage(t.api, [service.id]);
    const owner = await signIn(t.url, t.apiKey);
    const stranger = await signIn(t.url, (await t.newAccount("Stranger")).apiKey);
    const csp = async (path: string, cookie?: string) =>
      (await visit(t.url, path, { headers: cookie ? { cookie } : {} })).headers["content-security-policy"];
    expect(await csp(`/status/${page.url}?preview`, owner)).toMatch(/frame-ancestors 'self'/);
    expect(await csp(`/status/${page.url}?preview`, stranger)).toMatch(/frame-ancestors 'none'/);
    expect(await csp(`/status/${page.url}?preview`)).toMatch(/frame-ancestors 'none'/);
    expect(await csp(`/status/${page.url}`, owner)).toMatch(/frame-ancestors 'none'/);
    expect(await csp(`/status/${page.url}/history?preview`, owner)).toMatch(/frame-ancestors 'none'/);
  });

  it("opens a private page in the preview to its owner alone, and nowhere else without a key", async () => {
    const service = await createService(t.api, "Hidden service");
    const page = await createStatusPage(t.api, [service.id], { isPrivate: true });
    const owner = await signIn(t.url, t.apiKey);
    const stranger = await signIn(t.url, (await t.newAccount("Stranger")).apiKey);
    const open = (path: string, cookie?: string) => visit(t.url, path, { headers: cookie ? { cookie } : {} });
    const previewed = await open(`/status/${page.url}?preview`, owner);
    expect(previewed.status).toBe(200);
    expect(previewed.body).toContain("Hidden service");
    expect(previewed.headers["cache-control"]).toBe("private, no-store");
    for (const [path, cookie] of [
      [`/status/${page.url}?preview`, stranger],
      [`/status/${page.url}?preview`, undefined],
      [`/status/${page.url}`, owner],
      [`/status/${page.url}/history?preview`, owner],
      [`/status/${page.url}/summary.json?preview`, owner],
    ] as const) {
      const refused = await open(path, cookie);
      expect(refused.status, `${path} ${cookie === owner ? "owner" : cookie ? "stranger" : "nobody"}`).toBe(401);
      expect(refused.body).not.toContain("Hidden service");
    }
  });
});

describe(`the operator app not built, on ${testProvider}`, () => {
  const t = useTestApp({ APP_DIST_DIR: mkdtempSync(join(tmpdir(), "vigil-app-unbuilt-")) });

  it("answers / with a page saying how to build it", async () => {
    const response = await fetch(`${t.url}/`);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const body = await response.text();
    expect(body).toContain("not built");
    expect(body).toContain("npm install");
    expect(body).toContain("npm run build");
    expect((await fetch(`${t.url}/assets/index-4f2a9c.js`)).status).toBe(404);
  });
});
