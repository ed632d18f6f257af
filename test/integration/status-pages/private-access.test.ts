import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor, ACCESS_TOKEN_SECONDS, tokenOpensPage } from "../../../src/domain/status-page-keys/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { openEventStream } from "../../support/visitor.js";

const form = (body: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(body).toString(),
  redirect: "manual" as const,
});
const cookieOf = (response: Response) => response.headers.get("set-cookie")?.split(";")[0] ?? "";

describe(`the key gate of private status pages, over the real page routes, on ${testProvider}`, () => {
  const t = useTestApp();
  let key: string;
  let keyId: string;
  let pageId: string;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, { headers, redirect: "manual" });

  beforeAll(async () => {
    pageId = (await t.api.post("/v1/status-pages", { name: "Secret name", url: "gated", isPrivate: true })).body.id;
    await t.api.post("/v1/status-pages", { name: "Open", url: "open-gate" });
    ({ key, id: keyId } = (await t.api.post(`/v1/status-pages/${pageId}/keys`)).body);
  });

  it("lets anyone open a public page", async () => {
    const response = await get("/status/open-gate");
    expect([response.status, await response.text()]).toEqual([
      200,
      expect.stringContaining('<h1><a href="/status/open-gate">Open</a></h1>'),
    ]);
  });

  it("answers a private page without a key with a 401 form naming nothing of the page", async () => {
    const response = await get("/status/gated");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<form method="post" action="/status/gated/access">');
    expect(html).toContain('<label for="key">');
    expect(html).toContain('name="next" value="/status/gated"');
    expect(html).not.toContain("Secret name");
    expect(html).not.toContain("/status/gated/feed.rss");
  });

  it("takes ?key=, sets an HttpOnly cookie for the page and redirects to the URL without the key", async () => {
    const response = await get(`/status/gated/history?page=2&key=${encodeURIComponent(key)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/status/gated/history?page=2");
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^vigil_sp_access=[^;]+; Path=\/status\/gated; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toContain(key.slice(3));
    const page = await get("/status/gated/history?page=2", { cookie: cookieOf(response) });
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining("Secret name")]);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
  });

  it("marks the cookie Secure over https (behind a proxy)", async () => {
    const response = await get(`/status/gated?key=${key}`, { "x-forwarded-proto": "https" });
    expect(response.headers.get("set-cookie")).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("takes the form's post, and answers a wrong key with the form again", async () => {
    const wrong = await fetch(`${t.url}/status/gated/access`, form({ key: "sp_wrong", next: "/status/gated" }));
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('role="alert"');
    const right = await fetch(`${t.url}/status/gated/access`, form({ key, next: "/status/gated/history" }));
    expect([right.status, right.headers.get("location")]).toEqual([303, "/status/gated/history"]);
    const page = await get("/status/gated", { cookie: cookieOf(right) });
    expect(page.status).toBe(200);
  });

  it("never redirects off the page", async () => {
    for (const next of [
      "https://evil.example/",
      "//evil.example/x",
      "/status/open-gate",
      "/v1/checks",
      "/\\evil",
      "/status/gated/\t/evil",
      "/status/gated/../../v1/checks",
    ]) {
      const response = await fetch(`${t.url}/status/gated/access`, form({ key, next }));
      expect([next, response.headers.get("location")]).toEqual([next, "/status/gated"]);
    }
  });

  it("refuses a cookie of another page, a forged or expired one, and every cookie once its key is revoked", async () => {
    const { key: spare, id: spareId } = (await t.api.post(`/v1/status-pages/${pageId}/keys`)).body;
    const cookie = cookieOf(await get(`/status/gated?key=${spare}`));
    expect((await get("/status/gated", { cookie })).status).toBe(200);
    const [name, token] = cookie.split("=") as [string, string];
    const [id, expires, mac] = token.split(".");
    for (const forged of [
      `${id}.${Number(expires) + 1}.${mac}`,
      `${id}.${expires}.${mac!.slice(1)}x`,
      `${id}.1.${mac}`,
      spare,
    ])
      expect((await get("/status/gated", { cookie: `${name}=${forged}` })).status).toBe(401);
    const otherPage = (await t.api.post("/v1/status-pages", { name: "P2", url: "gated-two", isPrivate: true })).body.id;
    expect((await get("/status/gated-two", { cookie })).status).toBe(401);
    expect((await get(`/status/gated-two?key=${spare}`)).status).toBe(401);
    expect(otherPage).toBeTruthy();

    expect((await t.api.delete(`/v1/status-pages/${pageId}/keys/${spareId}`)).status).toBe(204);
    expect((await get("/status/gated", { cookie })).status).toBe(401);
    expect((await get(`/status/gated/summary.json?key=${spare}`)).status).toBe(401);
  });

  it("needs ?key= (or the cookie) for summary.json, feeds and the event stream, answering JSON 401s", async () => {
    for (const path of ["/summary.json", "/feed.rss", "/events"]) {
      const refused = await get(`/status/gated${path}`);
      expect([path, refused.status, await refused.json()]).toEqual([
        path,
        401,
        { statusCode: 401, error: "Unauthorized", message: "this status page is private: add ?key=<status page key>" },
      ]);
      const wrong = await get(`/status/gated${path}?key=sp_nope`);
      expect(wrong.status).toBe(401);
      const opened = await get(`/status/gated${path}?key=${encodeURIComponent(key)}`);
      expect([path, opened.status, opened.headers.get("set-cookie")]).toEqual([path, 200, null]);
      if (path === "/events") await opened.body?.cancel();
      else {
        expect(opened.headers.get("cache-control")).toBe("private, no-store");
        expect(await opened.text()).toContain("Secret name");
      }
    }
    const cookie = cookieOf(await get(`/status/gated?key=${key}`));
    expect((await get("/status/gated/summary.json", { cookie })).status).toBe(200);
  });

  it("keeps revoking one key from closing the page to the others", async () => {
    const listed = (await t.api.get(`/v1/status-pages/${pageId}/keys`)).body.map((k: { id: string }) => k.id);
    expect(listed).toContain(keyId);
    expect((await get(`/status/gated/summary.json?key=${key}`)).status).toBe(200);
  });

  it("sets the cookie for the whole custom domain when the form is posted there", async () => {
    const page = (
      await t.api.post("/v1/status-pages", {
        name: "Custom",
        url: "gated-custom",
        customDomain: "status.gated.test",
        isPrivate: true,
      })
    ).body;
    // As if its TXT record had been seen (test/integration/status-pages/custom-domains.test.ts does it for real).
    await t.db.statusPage.update({ where: { id: page.id }, data: { verifiedDomain: "status.gated.test" } });
    const { key: customKey } = (await t.api.post(`/v1/status-pages/${page.id}/keys`)).body;
    const post = (host: string, body: string) =>
      new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
        const request = httpRequest(`${t.url}/access`, {
          method: "POST",
          headers: { host, "content-type": "application/x-www-form-urlencoded" },
        });
        request.on("response", (response) => {
          response.resume();
          resolve({ status: response.statusCode!, headers: response.headers });
        });
        request.on("error", reject);
        request.end(body);
      });
    const opened = await post(
      "status.gated.test",
      new URLSearchParams({ key: customKey, next: "/history" }).toString(),
    );
    expect([opened.status, opened.headers.location]).toEqual([303, "/history"]);
    // Browsers drop tabs and line breaks: "/<TAB>/evil.example/x" would be "//evil.example/x" (issue 25).
    for (const next of [
      "/\t/evil.example/x",
      "/\n/evil.example/x",
      "/\r\n/evil.example",
      "/ /evil.example",
      "/\\evil",
    ]) {
      const away = await post("status.gated.test", new URLSearchParams({ key: customKey, next }).toString());
      expect([JSON.stringify(next), away.headers.location]).toEqual([JSON.stringify(next), "/"]);
    }
    expect(String(opened.headers["set-cookie"])).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const elsewhere = await post("unknown.gated.test", new URLSearchParams({ key: customKey }).toString());
    expect(elsewhere.status).toBe(404);
  });

  it("lets a token expire after its lifetime", async () => {
    const db = t.db;
    const issued = new Date("2026-01-01T00:00:00Z");
    const made = await accessTokenFor({ db, statusPageId: pageId, key, now: issued });
    const at = (seconds: number) => new Date(issued.getTime() + seconds * 1000);
    const opens = (seconds: number) =>
      tokenOpensPage({ db, statusPageId: pageId, token: made!.token, now: at(seconds) });
    expect(await opens(ACCESS_TOKEN_SECONDS - 1)).toBe(true);
    expect(await opens(ACCESS_TOKEN_SECONDS)).toBe(false);
    expect(await accessTokenFor({ db, statusPageId: pageId, key: "sp_unknown", now: issued })).toBeNull();
  });

  it("never serves a key-less visitor the cached body of a private page, nor of a page turned private", async () => {
    const cookie = cookieOf(await get(`/status/gated?key=${key}`));
    for (let i = 0; i < 2; i++) expect((await get("/status/gated", { cookie })).status).toBe(200);
    const refused = await get("/status/gated");
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain("Secret name");
    const json = await get("/status/gated/summary.json");
    expect([json.status, await json.text()]).toEqual([401, expect.not.stringContaining("Secret name")]);

    const page = (await t.api.post("/v1/status-pages", { name: "Soon hidden", url: "soon-hidden" })).body;
    const before = await get("/status/soon-hidden");
    expect([before.status, before.headers.get("cache-control")]).toEqual([200, "public, max-age=0, must-revalidate"]);
    const etag = before.headers.get("etag")!;
    expect(
      (await t.api.put(`/v1/status-pages/${page.id}`, { name: "Soon hidden", url: "soon-hidden", isPrivate: true }))
        .status,
    ).toBe(200);
    for (const headers of [{}, { "if-none-match": etag }] as Record<string, string>[]) {
      const after = await get("/status/soon-hidden", headers);
      expect([after.status, await after.text()]).toEqual([401, expect.not.stringContaining("Soon hidden")]);
    }
  });

  it("keeps an event stream opened with a key while the key lives, and closes it when the key is revoked", async () => {
    const { key: streamKey, id: streamKeyId } = (await t.api.post(`/v1/status-pages/${pageId}/keys`)).body;
    const stream = await openEventStream(t.url, `/status/gated/events?key=${encodeURIComponent(streamKey)}`);
    const ended = new Promise<void>((resolve) => stream.onEnd(resolve));
    expect(stream.status).toBe(200);
    // Another key's creation re-reads the page: the stream stays.
    const { id: otherId } = (await t.api.post(`/v1/status-pages/${pageId}/keys`)).body;
    await t.api.put(`/v1/status-pages/${pageId}`, { name: "Secret name", url: "gated", isPrivate: true });
    expect(stream.ended()).toBe(false);
    await t.api.delete(`/v1/status-pages/${pageId}/keys/${otherId}`);
    expect(stream.ended()).toBe(false);
    expect((await t.api.delete(`/v1/status-pages/${pageId}/keys/${streamKeyId}`)).status).toBe(204);
    await ended;
    expect(stream.ended()).toBe(true);
    stream.close();
  });

  it("keeps a key holder's stream when a public page turns private, and ends the key-less ones", async () => {
    const open = (await t.api.post("/v1/status-pages", { name: "Turning", url: "turning" })).body;
    const { key: openKey } = (await t.api.post(`/v1/status-pages/${open.id}/keys`)).body;
    const keyed = await openEventStream(t.url, `/status/turning/events?key=${encodeURIComponent(openKey)}`);
    const keyless = await openEventStream(t.url, "/status/turning/events");
    expect([keyed.status, keyless.status]).toEqual([200, 200]);
    const ended = new Promise<void>((resolve) => keyless.onEnd(resolve));
    await t.api.put(`/v1/status-pages/${open.id}`, { name: "Turning", url: "turning", isPrivate: true });
    await ended;
    expect([keyless.ended(), keyed.ended()]).toEqual([true, false]);
    keyed.close();
  });

  it("takes subscribers on a private page only from visitors the gate lets through", async () => {
    const post = (headers: Record<string, string>, query = "") =>
      fetch(`${t.url}/status/gated/subscriptions${query}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ email: "reader@example.com" }),
      });
    const refused = await post({});
    expect([refused.status, (await refused.json()).message]).toEqual([
      401,
      "this status page is private: add ?key=<status page key>",
    ]);
    const formRefused = await fetch(`${t.url}/status/gated/subscriptions`, form({ email: "reader@example.com" }));
    expect(formRefused.status).toBe(401);
    expect(await formRefused.text()).toContain('action="/status/gated/access"');
    expect(await t.db.statusPageSubscription.count({ where: { statusPageId: pageId } })).toBe(0);

    const cookie = cookieOf(await get(`/status/gated?key=${key}`));
    expect((await post({ cookie })).status).toBe(202);
    expect((await post({}, `?key=${encodeURIComponent(key)}`)).status).toBe(202);
    expect(await t.db.statusPageSubscription.count({ where: { statusPageId: pageId } })).toBe(1);
  });
});
