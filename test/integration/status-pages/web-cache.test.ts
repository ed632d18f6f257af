import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { resultRecorder, createCheck, createService, type Service, createStatusPage } from "../../support/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { openEventStream, visit } from "../../support/visitor.js";

describe(`status pages on the web: summary.json, feeds, cache, events on ${testProvider}`, () => {
  let queries: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => queries.push(sql) });
  let web: Service;
  let api: Service;
  let page: { id: string; url: string };
  let incidentId: string;
  const get = (path: string, headers: Record<string, string> = {}) => visit(t.url, path, { headers });

  beforeAll(async () => {
    web = await createService(t.api, "Web");
    api = await createService(t.api, "API");
    page = await createStatusPage(t.api, [web.id, api.id], { name: "Cache & Co", url: "cache-co" });
    const created = await t.api.post("/v1/status-pages/incidents", {
      name: "Slow <API>",
      severity: "MINOR",
      services: [{ id: api.id }],
      incidentUpdates: [{ description: "Looking & seeing" }],
    });
    incidentId = created.body.id;
  });

  it("summary.json has Atlassian Statuspage's shape", async () => {
    const response = await get("/status/cache-co/summary.json");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const summary = JSON.parse(response.body);
    expect(Object.keys(summary)).toEqual(["page", "status", "components", "incidents", "scheduled_maintenances"]);
    expect(summary.page).toEqual({
      id: page.id,
      name: "Cache & Co",
      url: `${t.url}/status/cache-co`,
      time_zone: "Etc/UTC",
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(summary.status).toEqual({ indicator: "minor", description: "Minor Service Outage" });
    expect(summary.components.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["Web", "operational"],
      ["API", "degraded_performance"],
    ]);
    expect(summary.components[0]).toMatchObject({
      id: web.id,
      position: 1,
      page_id: page.id,
      group: false,
      group_id: null,
    });
    expect(summary.incidents).toHaveLength(1);
    expect(summary.incidents[0]).toMatchObject({
      id: incidentId,
      name: "Slow <API>",
      status: "investigating",
      impact: "minor",
      resolved_at: null,
      shortlink: `${t.url}/status/cache-co/incidents/${incidentId}`,
      page_id: page.id,
      components: [{ id: api.id, name: "API" }],
    });
    expect(summary.incidents[0].incident_updates).toEqual([
      expect.objectContaining({ incident_id: incidentId, status: "investigating", body: "Looking & seeing" }),
    ]);
    expect(summary.scheduled_maintenances).toEqual([]);
  });

  it("RSS and Atom list one item per incident update, with escaped text", async () => {
    await t.api.post(`/v1/status-pages/incidents/${incidentId}/incident-updates`, {
      description: "Found it <b>",
      status: "IDENTIFIED",
    });
    const rss = await get("/status/cache-co/feed.rss");
    expect(rss.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(rss.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const rssItems = [
      ...rss.body.matchAll(/<item>[\s\S]*?<title>([^<]*)<\/title>[\s\S]*?<description>([^<]*)<\/description>/g),
    ];
    expect(rssItems.map((m) => [m[1], m[2]])).toEqual([
      ["Slow &lt;API&gt;: Identified", "Found it &lt;b&gt;"],
      ["Slow &lt;API&gt;: Investigating", "Looking &amp; seeing"],
    ]);
    const atom = await get("/status/cache-co/feed.atom");
    expect(atom.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(atom.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(atom.body.match(/<entry>/g)).toHaveLength(2);
    expect(atom.body).toContain(
      `<link rel="alternate" type="text/html" href="${t.url}/status/cache-co/incidents/${incidentId}"/>`,
    );
  });

  it("answers with a strong ETag and 304 for If-None-Match, from the cache without a statement", async () => {
    for (const path of ["", "/summary.json", "/feed.rss", "/feed.atom", "/history", `/incidents/${incidentId}`]) {
      const first = await get(`/status/cache-co${path}`);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      queries = [];
      const again = await get(`/status/cache-co${path}`, { "if-none-match": etag });
      expect(again.status).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
      expect((await get(`/status/cache-co${path}`, { "if-none-match": `"other", ${etag}` })).status).toBe(304);
      const full = await get(`/status/cache-co${path}`, { "if-none-match": '"stale"' });
      expect(full.status).toBe(200);
      expect(full.body).toBe(first.body);
      expect(queries).toEqual([]);
    }
  });

  it("sends gzip to a visitor that accepts it, under its own ETag", async () => {
    const plain = await get("/status/cache-co");
    const zipped = await visitRaw(t.url, "/status/cache-co", { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("accept-encoding");
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body);
    const etag = String(zipped.headers.etag);
    expect(etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    expect(
      (await visitRaw(t.url, "/status/cache-co", { "accept-encoding": "gzip", "if-none-match": etag })).status,
    ).toBe(304);
    expect((await get("/status/cache-co", { "if-none-match": etag })).status).toBe(200);
  });

  it("renders a page of 20 services and 100 incidents in a fixed number of statements", async () => {
    const services: Service[] = [];
    for (let i = 0; i < 20; i++) services.push(await createService(t.api, `svc ${i}`));
    await createStatusPage(
      t.api,
      services.slice(0, 2).map((s) => s.id),
      { url: "count-small" },
    );
    const big = await createStatusPage(
      t.api,
      services.map((s) => s.id),
      { url: "count-big" },
    );
    for (let i = 0; i < 100; i++)
      await t.api.post("/v1/status-pages/incidents", {
        name: `incident ${i}`,
        severity: "MINOR",
        services: [{ id: services[i % 20]!.id }],
        incidentUpdates: [{ description: "a" }, { description: "b", status: i % 2 ? "RESOLVED" : "MONITORING" }],
      });
    queries = [];
    expect((await get("/status/count-small")).status).toBe(200);
    const small = queries.length;
    queries = [];
    const response = await get("/status/count-big");
    expect(response.status).toBe(200);
    expect(response.body.match(/<ol class="bars"/g)).toHaveLength(20);
    expect(queries.length).toBe(small);
    expect(queries.length).toBeLessThanOrEqual(10);
    expect(big.id).toBeTruthy();
  });

  it("is invalidated by an incident update over REST, a page write, and a check status change", async () => {
    const before = await get("/status/cache-co");
    const update = await t.api.post(`/v1/status-pages/incidents/${incidentId}/incident-updates`, {
      description: "Fix deployed",
      status: "MONITORING",
    });
    expect(update.status).toBe(201);
    const after = await get("/status/cache-co", { "if-none-match": String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.body).toContain("Fix deployed");
    expect(after.headers.etag).not.toBe(before.headers.etag);

    expect(
      (await t.api.put(`/v1/status-pages/${page.id}`, { name: "Cache & Co renamed", url: "cache-co" })).status,
    ).toBe(200);
    expect((await get("/status/cache-co")).body).toContain("Cache &amp; Co renamed");
    expect((await t.api.put(`/v1/status-pages/services/${web.id}`, { name: "Website" })).status).toBe(200);
    expect(JSON.parse((await get("/status/cache-co/summary.json")).body).components[0].name).toBe("Website");

    // A write no event announces (straight into the database) shows once a check of the account changes status.
    await t.db.statusPageService.update({ where: { id: api.id }, data: { name: "API v2" } });
    expect((await get("/status/cache-co")).body).not.toContain("API v2");
    const check = await createCheck(t);
    await resultRecorder(t)({ checkId: check.id, runLocation: "eu-west-1", hasFailures: true });
    await eventually(async () => (await get("/status/cache-co/summary.json")).body.includes("API v2"));
  });

  it("streams the page's incident events over SSE, after a REST write, with the incident as the page shows it", async () => {
    const stream = await openEventStream(t.url, "/status/cache-co/events");
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      await eventually(() => stream.raw().startsWith("retry: 3000"));
      const response = await t.api.post(`/v1/status-pages/incidents/${incidentId}/incident-updates`, {
        description: "All good <now>",
        status: "RESOLVED",
      });
      expect(response.status).toBe(201);
      const event = await eventually(() => stream.events.find((e) => e.data.includes("All good")), 5000);
      expect(event.event).toBe("incident");
      const incident = JSON.parse(event.data);
      expect(incident).toMatchObject({ id: incidentId, lastUpdateStatus: "RESOLVED", open: false });
      expect(incident.services).toEqual([{ id: api.id, name: "API v2" }]);
      expect(incident.updates[0]).toMatchObject({ description: "All good <now>", status: "RESOLVED" });
      expect(incident.html).toContain("All good &lt;now&gt;");
      // Then the page's overall state after the write: nothing open any more.
      const state = await eventually(() => stream.events.find((e) => e.event === "state"), 5000);
      expect(JSON.parse(state.data)).toEqual({
        state: "none",
        indicator: "none",
        description: "All Systems Operational",
      });
      // Another page's incidents never reach this stream.
      const other = await createService(t.api, "Elsewhere");
      await createStatusPage(t.api, [other.id], { url: "cache-elsewhere" });
      await t.api.post("/v1/status-pages/incidents", {
        name: "Elsewhere down",
        severity: "MAJOR",
        services: [{ id: other.id }],
        incidentUpdates: [{ description: "x" }],
      });
      const marker = await t.api.post(`/v1/status-pages/incidents/${incidentId}/incident-updates`, {
        description: "marker",
      });
      expect(marker.status).toBe(201);
      await eventually(() => stream.events.some((e) => e.data.includes("marker")), 5000);
      expect(stream.events.some((e) => e.data.includes("Elsewhere"))).toBe(false);
      // A GraphQL write reaches the stream, and the page, the same way.
      const { body } = await t.gql(
        `mutation ($id: ID!) { addIncidentUpdate(incidentId: $id, input: { description: "from GraphQL" }) { __typename } }`,
        { id: incidentId },
      );
      expect(body.data.addIncidentUpdate.__typename).toBe("AddIncidentUpdateSuccess");
      await eventually(() => stream.events.some((e) => e.data.includes("from GraphQL")), 5000);
      expect((await get(`/status/cache-co/incidents/${incidentId}`)).body).toContain("from GraphQL");
    } finally {
      stream.close();
    }
  });
});

/** A GET whose body stays bytes (a gzip body is not text). */
function visitRaw(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(new URL(path, base), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}
