// Maintenance windows on status pages (issue 13, item 1's maintenance part): statusPageVisibility
// validated as the reference, the page's upcoming and ongoing maintenance, and the notifyOnStart /
// notifyOnEnd notices queued once per occurrence even when several sweeps run at once.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { systemContext } from "../../../src/app-context.js";
import { listPageMaintenance, notifyMaintenanceTransitions } from "../../../src/domain/maintenance-windows/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const slug = () => `mw-${randomBytes(4).toString("hex")}`;
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe(`maintenance on status pages on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const ctx = () => systemContext(t.app.context);

  async function pageWithServices() {
    const a = await createService(api, `a-${slug()}`);
    const b = await createService(api, `b-${slug()}`);
    const page = (
      await api.post("/v1/status-pages", {
        name: "Acme",
        url: slug(),
        cards: [{ name: "Core", services: [{ id: a.id }, { id: b.id }] }],
      })
    ).body as { id: string; url: string };
    return { page, a, b };
  }
  const window = (over: Record<string, unknown>) => ({
    name: "DB upgrade",
    startsAt: "2026-06-01T02:00:00Z",
    endsAt: "2026-06-01T03:00:00Z",
    repeatUnit: "DAY",
    ...over,
  });

  it("returns statusPageVisibility with every reference field, and refuses what the reference refuses", async () => {
    const { page, a } = await pageWithServices();
    const created = await api.post(
      "/v1/maintenance-windows",
      window({
        statusPageVisibility: { enabled: true, statusPageIds: [page.id], serviceIds: [a.id], notifyOnStart: true },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.statusPageVisibility).toEqual({
      enabled: true,
      severity: null,
      affectAllServices: false,
      suppressAutoIncidents: false,
      notifyOnStart: true,
      notifyOnEnd: false,
      reminderMinutesBefore: [],
      autoStart: true,
      autoEnd: true,
      showAffectedServices: true,
      statusPageIds: [page.id],
      serviceIds: [a.id],
    });

    const other = restClient(t.url, (await t.newAccount()).apiKey);
    const foreign = (await other.post("/v1/status-pages", { name: "Theirs", url: slug() })).body as { id: string };
    const foreignService = await createService(other, `f-${slug()}`);
    const cases: [Record<string, unknown>, string[]][] = [
      [
        { enabled: true, statusPageIds: [foreign.id], affectAllServices: true },
        ["statusPageVisibility.statusPageIds.0"],
      ],
      [
        { enabled: true, statusPageIds: [page.id], serviceIds: [foreignService.id] },
        ["statusPageVisibility.serviceIds.0"],
      ],
      [{ enabled: true, statusPageIds: [page.id] }, ["statusPageVisibility.serviceIds"]],
      [
        { enabled: true, statusPageIds: [page.id], serviceIds: [a.id], affectAllServices: true },
        ["statusPageVisibility.serviceIds"],
      ],
      [{ enabled: true, severity: "HUGE" }, ["statusPageVisibility.severity"]],
      [{ enabled: true, statusPageIds: ["nope"], affectAllServices: true }, ["statusPageVisibility.statusPageIds.0"]],
      [{ enabled: "yes" }, ["statusPageVisibility.enabled"]],
      [{ enabled: true, colour: "red" }, ["statusPageVisibility.colour"]],
      [{ reminderMinutesBefore: [5] }, ["statusPageVisibility.reminderMinutesBefore.0"]],
    ];
    for (const [visibility, keys] of cases) {
      const response = await api.post("/v1/maintenance-windows", window({ statusPageVisibility: visibility }));
      expect(response.status, JSON.stringify(visibility)).toBe(400);
      expect(response.body.validation, JSON.stringify(visibility)).toEqual({ source: "payload", keys });
    }
    const zone = await api.post("/v1/maintenance-windows", window({ timezone: "Mars/Olympus_Mons" }));
    expect(zone.status).toBe(400);
    expect(zone.body.validation.keys).toEqual(["timezone"]);
    // Update: the same checks; another account's page is refused there too.
    const updated = await api.put(
      `/v1/maintenance-windows/${created.body.id}`,
      window({ statusPageVisibility: { enabled: true, statusPageIds: [foreign.id], affectAllServices: true } }),
    );
    expect(updated.status).toBe(400);
  });

  it("GraphQL shows statusPageVisibility as a typed object and takes it as an input", async () => {
    const { page } = await pageWithServices();
    const response = await t.gql(
      `mutation($input: MaintenanceWindowInput!) { createMaintenanceWindow(input: $input) {
        ... on CreateMaintenanceWindowSuccess { data { statusPageVisibility { enabled severity affectAllServices notifyOnEnd statusPageIds serviceIds } } }
        ... on ValidationError { message fieldPaths }
      } }`,
      {
        input: {
          ...window({}),
          statusPageVisibility: {
            enabled: true,
            severity: "MAJOR",
            affectAllServices: true,
            notifyOnEnd: true,
            statusPageIds: [page.id],
          },
        },
      },
    );
    expect(response.body.errors, JSON.stringify(response.body)).toBeUndefined();
    expect(response.body.data).toEqual({
      createMaintenanceWindow: {
        data: {
          statusPageVisibility: {
            enabled: true,
            severity: "MAJOR",
            affectAllServices: true,
            notifyOnEnd: true,
            statusPageIds: [page.id],
            serviceIds: [],
          },
        },
      },
    });
  });

  it("listPageMaintenance: ongoing and upcoming (7 days) occurrences of enabled, linked windows, in the window's time zone", async () => {
    const { page, a } = await pageWithServices();
    const { page: otherPage } = await pageWithServices();
    const now = Date.parse("2026-03-30T00:30:00Z"); // 02:30 CEST, the day after Berlin's switch
    const link = (over: Record<string, unknown> = {}) => ({
      enabled: true,
      statusPageIds: [page.id],
      affectAllServices: true,
      ...over,
    });
    const post = async (body: Record<string, unknown>) => {
      const response = await api.post("/v1/maintenance-windows", window(body));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.id as number;
    };
    // Daily 02:00-03:00 Berlin since before the switch: ongoing at 02:30 CEST (00:00Z-01:00Z).
    const berlin = await post({
      name: "Berlin nightly",
      startsAt: "2026-03-20T01:00:00Z",
      endsAt: "2026-03-20T02:00:00Z",
      timezone: "Europe/Berlin",
      repeatInterval: 1,
      statusPageVisibility: link({ severity: "MINOR" }),
    });
    // The same in UTC arithmetic would be 01:00Z-02:00Z: upcoming, not ongoing.
    const upcoming = await post({
      name: "Upcoming",
      startsAt: iso(now + 3 * 86_400_000),
      endsAt: iso(now + 3 * 86_400_000 + 60 * MIN),
      repeatUnit: "WEEK",
      description: "Replacing disks",
      statusPageVisibility: link({ affectAllServices: false, serviceIds: [a.id] }),
    });
    await post({
      name: "Too far",
      startsAt: iso(now + 8 * 86_400_000),
      endsAt: iso(now + 9 * 86_400_000),
      statusPageVisibility: link(),
    });
    await post({
      name: "Over",
      startsAt: iso(now - 2 * 86_400_000),
      endsAt: iso(now - 86_400_000),
      statusPageVisibility: link(),
    });
    await post({
      name: "Hidden",
      startsAt: iso(now - MIN),
      endsAt: iso(now + MIN),
      statusPageVisibility: link({ enabled: false }),
    });
    await post({
      name: "Elsewhere",
      startsAt: iso(now - MIN),
      endsAt: iso(now + MIN),
      statusPageVisibility: link({ statusPageIds: [otherPage.id] }),
    });
    await post({ name: "Unlinked", startsAt: iso(now - MIN), endsAt: iso(now + MIN) });

    const shown = await listPageMaintenance({ ctx: ctx(), statusPageId: page.id, now: new Date(now) });
    expect(shown).toEqual([
      {
        id: berlin,
        name: "Berlin nightly",
        description: null,
        startsAt: new Date("2026-03-30T00:00:00Z"),
        endsAt: new Date("2026-03-30T01:00:00Z"),
        state: "ongoing",
        severity: "MINOR",
        serviceIds: "all",
        // Occurrence rows are made from the real clock on: none for a March "now".
        maintenanceId: null,
        updates: [],
      },
      {
        id: upcoming,
        name: "Upcoming",
        description: "Replacing disks",
        startsAt: new Date(now + 3 * 86_400_000),
        endsAt: new Date(now + 3 * 86_400_000 + 60 * MIN),
        state: "upcoming",
        severity: null,
        serviceIds: [a.id],
        maintenanceId: null,
        updates: [],
      },
    ]);
    expect(
      await listPageMaintenance({
        ctx: ctx(),
        statusPageId: "00000000-0000-4000-8000-000000000000",
        now: new Date(now),
      }),
    ).toEqual([]);
  });

  it("notifyOnStart / notifyOnEnd: one notification per verified subscriber per occurrence, even with sweeps at once", async () => {
    const { page } = await pageWithServices();
    await api.post(`/v1/status-pages/${page.id}/subscriptions/bulk`, {
      subscriptions: [
        { type: "EMAIL", config: "ops@example.com" },
        { type: "WEBHOOK", config: "https://hooks.example.com/m" },
      ],
      autoVerify: true,
    });
    await api.post(`/v1/status-pages/${page.id}/subscriptions/bulk`, {
      subscriptions: [{ type: "EMAIL", config: "pending@example.com" }],
    });
    const start = Date.now() + 5 * 86_400_000; // far from the engine's own clock (not running here anyway)
    const created = await api.post(
      "/v1/maintenance-windows",
      window({
        startsAt: iso(start),
        endsAt: iso(start + 30 * MIN),
        repeatInterval: 1,
        statusPageVisibility: {
          enabled: true,
          statusPageIds: [page.id],
          affectAllServices: true,
          notifyOnStart: true,
          notifyOnEnd: true,
        },
      }),
    );
    expect(created.status).toBe(201);
    const events = async () =>
      (await t.db.alertNotification.findMany({ where: { statusPageId: page.id }, orderBy: { createdAt: "asc" } }))
        .map(
          (row) =>
            row.request as { event: string; subscriber: { address: string }; maintenance?: { startsAt: string } },
        )
        .filter((r) => r.event !== "CONFIRMATION")
        .map((r) => `${r.event} ${r.subscriber.address} ${r.maintenance?.startsAt}`)
        .sort();

    await Promise.all([1, 2, 3].map(() => notifyMaintenanceTransitions({ ctx: ctx(), now: new Date(start + MIN) })));
    await notifyMaintenanceTransitions({ ctx: ctx(), now: new Date(start + 2 * MIN) });
    expect(await events()).toEqual([
      `MAINTENANCE_STARTED https://hooks.example.com/m ${iso(start)}`,
      `MAINTENANCE_STARTED ops@example.com ${iso(start)}`,
    ]);
    await Promise.all([1, 2].map(() => notifyMaintenanceTransitions({ ctx: ctx(), now: new Date(start + 31 * MIN) })));
    // The next day's occurrence starts and ends on its own.
    await notifyMaintenanceTransitions({ ctx: ctx(), now: new Date(start + 86_400_000 + MIN) });
    expect(await events(), JSON.stringify(await events())).toEqual([
      `MAINTENANCE_ENDED https://hooks.example.com/m ${iso(start)}`,
      `MAINTENANCE_ENDED ops@example.com ${iso(start)}`,
      `MAINTENANCE_STARTED https://hooks.example.com/m ${iso(start)}`,
      `MAINTENANCE_STARTED https://hooks.example.com/m ${iso(start + 86_400_000)}`,
      `MAINTENANCE_STARTED ops@example.com ${iso(start)}`,
      `MAINTENANCE_STARTED ops@example.com ${iso(start + 86_400_000)}`,
    ]);
    // A start missed for longer than the grace period (the engine was down) is not announced late.
    const before = await events();
    await notifyMaintenanceTransitions({ ctx: ctx(), now: new Date(start + 3 * 86_400_000 + 2 * 60 * MIN) });
    expect(await events()).toEqual(before);
  });

  it("the page and its summary.json show linked windows as upcoming or ongoing, and window writes reach a cached page at once", async () => {
    const { page, a, b } = await pageWithServices();
    const visit = (path = "") => fetch(`${t.url}/status/${page.url}${path}`);
    const summary = async () => (await (await visit("/summary.json")).json()).scheduled_maintenances;
    // Cached before any window exists: the writes below must empty it.
    expect(await (await visit()).text()).not.toContain("Scheduled maintenance");
    expect(await summary()).toEqual([]);

    const now = Date.now();
    const link = (over: Record<string, unknown> = {}) => ({
      enabled: true,
      statusPageIds: [page.id],
      affectAllServices: true,
      ...over,
    });
    const post = async (body: Record<string, unknown>) => {
      const response = await api.post("/v1/maintenance-windows", window(body));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.id as number;
    };
    const ongoing = await post({
      name: "Ongoing <work>",
      startsAt: iso(now - 10 * MIN),
      endsAt: iso(now + 60 * MIN),
      description: "Reads only",
      statusPageVisibility: link({ severity: "MAJOR" }),
    });
    const upcoming = await post({
      name: "Upcoming work",
      startsAt: iso(now + 2 * 86_400_000),
      endsAt: iso(now + 2 * 86_400_000 + 30 * MIN),
      statusPageVisibility: link({ affectAllServices: false, serviceIds: [b.id] }),
    });
    await post({
      name: "Disabled work",
      startsAt: iso(now - MIN),
      endsAt: iso(now + MIN),
      statusPageVisibility: link({ enabled: false }),
    });
    await post({ name: "Unlinked work", startsAt: iso(now - MIN), endsAt: iso(now + MIN) });

    const html = await (await visit()).text();
    expect(html).toContain('<h2 id="maintenance">Scheduled maintenance</h2>');
    expect(html).toMatch(
      new RegExp(
        `data-maintenance-id="${ongoing}">\\s*<h3>Ongoing &lt;work&gt;</h3>\\s*<p><strong>In progress</strong>`,
      ),
    );
    expect(html).toMatch(
      new RegExp(`data-maintenance-id="${upcoming}">\\s*<h3>Upcoming work</h3>\\s*<p><strong>Upcoming</strong>`),
    );
    expect(html).toContain("<p>Reads only</p>");
    expect(html).not.toMatch(/Disabled work|Unlinked work/);

    const shown = await summary();
    expect(shown).toEqual([
      expect.objectContaining({
        id: String(ongoing),
        name: "Ongoing <work>",
        status: "in_progress",
        impact: "major",
        scheduled_for: iso(now - 10 * MIN),
        scheduled_until: iso(now + 60 * MIN),
        page_id: page.id,
        components: [
          { id: a.id, name: a.name },
          { id: b.id, name: b.name },
        ],
        incident_updates: [expect.objectContaining({ body: "Reads only", status: "in_progress" })],
      }),
      expect.objectContaining({
        id: String(upcoming),
        status: "scheduled",
        impact: "maintenance",
        started_at: null,
        components: [{ id: b.id, name: b.name }],
        incident_updates: [],
      }),
    ]);

    // Unlinking (an update) and deleting reach the cached page too.
    const unlinked = await api.put(`/v1/maintenance-windows/${upcoming}`, window({ statusPageVisibility: null }));
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect((await summary()).map((w: { id: string }) => w.id)).toEqual([String(ongoing)]);
    expect((await api.delete(`/v1/maintenance-windows/${ongoing}`)).status).toBe(204);
    expect(await summary()).toEqual([]);
    expect(await (await visit()).text()).not.toContain("Scheduled maintenance");
  });

  it("the sweep announces an occurrence's start and end to the linked pages' caches, notices or not", async () => {
    const { page } = await pageWithServices();
    const start = Date.now() + 4 * 86_400_000;
    await api.post(
      "/v1/maintenance-windows",
      window({
        startsAt: iso(start),
        endsAt: iso(start + 30 * MIN),
        statusPageVisibility: { enabled: true, statusPageIds: [page.id], affectAllServices: true },
      }),
    );
    const changed: number[] = [];
    let sweptAt = 0;
    const stop = t.app.context.events.subscribe((event) => {
      if (event.type === "statusPageChanged" && event.statusPageIds.includes(page.id)) changed.push(sweptAt);
    });
    try {
      for (sweptAt of [start - MIN, start + 5_000, start + 10 * MIN, start + 30 * MIN + 5_000, start + 40 * MIN])
        await notifyMaintenanceTransitions({ ctx: ctx(), now: new Date(sweptAt) });
    } finally {
      stop();
    }
    // Once after the start and once after the end; nothing before, between or after.
    expect(changed).toEqual([start + 5_000, start + 30 * MIN + 5_000]);
  });
});
