// Issue 25, point 10: every page we render forbids framing and foreign code, and feeds stay XML.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, createStatusPage } from "../../support/index.js";

describe(`CSP of form pages and valid feeds on ${testProvider}`, () => {
  const t = useTestApp();
  const get = (path: string, init: RequestInit = {}) => fetch(`${t.url}${path}`, { ...init, redirect: "manual" });

  /** The policy allows exactly the page's own inline styles, and no framing. */
  async function expectLockedDown(response: Response, status: number) {
    expect(response.status).toBe(status);
    const body = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    for (const [, css] of body.matchAll(/<style>([\s\S]*?)<\/style>/g))
      expect(csp).toContain(`'sha256-${createHash("sha256").update(css!).digest("base64")}'`);
  }

  beforeAll(async () => {
    await t.api.post("/v1/status-pages", { name: "Hidden", url: "csp-private", isPrivate: true });
    await t.api.post("/v1/status-pages", { name: "Open", url: "csp-open" });
  });

  it("sends the key form (401) with a CSP", async () => {
    await expectLockedDown(await get("/status/csp-private"), 401);
  });

  it("sends the subscribe, confirm and unsubscribe pages with a CSP", async () => {
    const form = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=ada%40example.com",
    };
    await expectLockedDown(await get("/status/csp-open/subscriptions", form), 202);
    await expectLockedDown(await get("/status/csp-open/subscriptions", { ...form, body: "email=nope" }), 400);
    const confirm = await get("/status/csp-open/subscriptions/confirm?token=not-a-token");
    await expectLockedDown(confirm, confirm.status);
    const unsubscribe = await get("/status/csp-open/subscriptions/unsubscribe?token=not-a-token");
    await expectLockedDown(unsubscribe, unsubscribe.status);
  });

  it("keeps feed.rss and feed.atom valid XML when an update holds a control character", async () => {
    const service = await createService(t.api, "Feed service");
    await createStatusPage(t.api, [service.id], { url: "csp-feed", name: "Feed \u0002page" });
    const created = await t.api.post("/v1/status-pages/incidents", {
      name: "Outage\u0007",
      severity: "MAJOR",
      services: [{ id: service.id }],
      incidentUpdates: [{ description: "bell\u0001 and\u000b tab\tkept" }],
    });
    expect(created.status).toBe(201);
    for (const feed of ["feed.rss", "feed.atom"]) {
      const body = await (await get(`/status/csp-feed/${feed}`)).text();
      // XML 1.0's Char production: no C0 control but tab, LF and CR.
      expect(
        [...body].filter((c) => c < " " && !"\t\n\r".includes(c)),
        feed,
      ).toEqual([]);
      expect(body, feed).toContain("bell and tab\tkept");
    }
  });
});
