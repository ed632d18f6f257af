import { describe, expect, it } from "vitest";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { postMaintenanceWindow } from "../../support/index.js";

const CHECKS = `{
  checks(first: 50) {
    edges { node { name maintenance { paused silenced reasons { name effect scope tags until window { id name } } } } }
  }
}`;

describe(`GraphQL: is a check in maintenance now, and why, on ${testProvider}`, () => {
  const t = useTestApp({}, { onQuery: (sql) => queries.push(sql) });
  const api = t.api;
  let queries: string[] = [];

  it("shows pauses and silences with their windows, the group's tags counting as the check's, in a constant number of queries", async () => {
    const hour = 3_600_000;
    const now = Date.now();
    const group = (await api.post("/v1/check-groups", { name: "Databases", tags: ["db"], locations: ["eu-west-1"] }))
      .body as { id: number };
    const make = (name: string, extra: Record<string, unknown>) =>
      api.post("/v1/checks/api", {
        name,
        locations: ["eu-west-1"],
        request: { method: "GET", url: "https://example.com" },
        ...extra,
      });
    await make("own tag", { tags: ["db"] });
    await make("group tag", { groupId: group.id });
    await make("noisy", { tags: ["noisy"] });
    await make("untouched", { tags: ["web"] });
    const pause = await postMaintenanceWindow(api, now - hour, now + hour, { name: "DB upgrade", tags: ["db"] });
    await postMaintenanceWindow(api, now - hour, now + hour, { name: "Quiet hours", silenceAlertsTags: ["noisy"] });
    // A window that has not started pauses nothing.
    await postMaintenanceWindow(api, now + 5 * hour, now + 6 * hour, { name: "Later", tags: ["web"] });

    queries = [];
    const res = await graphql(t.url, CHECKS, bearer(t.apiKey));
    expect(res.body.errors).toBeUndefined();
    const byName = new Map<
      string,
      {
        paused: boolean;
        silenced: boolean;
        reasons: {
          name: string;
          effect: string;
          scope: string;
          tags: string[];
          until: string;
          window: { name: string };
        }[];
      }
    >(
      res.body.data.checks.edges.map((e: { node: { name: string; maintenance: unknown } }) => [
        e.node.name,
        e.node.maintenance,
      ]),
    );
    const until = new Date(now + hour).toISOString().slice(0, 19);
    for (const name of ["own tag", "group tag"]) {
      const status = byName.get(name)!;
      expect([status.paused, status.silenced]).toEqual([true, false]);
      expect(status.reasons).toEqual([
        {
          name: "DB upgrade",
          effect: "PAUSE",
          scope: "TAGS",
          tags: ["db"],
          until: expect.stringContaining(until),
          window: { id: expect.any(String), name: "DB upgrade" },
        },
      ]);
    }
    expect(byName.get("noisy")).toMatchObject({
      paused: false,
      silenced: true,
      reasons: [{ name: "Quiet hours", effect: "SILENCE", scope: "TAGS", tags: ["noisy"] }],
    });
    expect(byName.get("untouched")).toEqual({ paused: false, silenced: false, reasons: [] });
    expect(pause.status).toBe(201);
    // One read of the windows for every status, one for the windows the reasons show.
    const reads = queries.filter((sql) => /maintenancewindow/i.test(sql));
    expect(reads).toHaveLength(2);
    const before = queries.length;

    // Twice the checks, the same number of queries.
    for (let i = 0; i < 4; i++) await make(`more ${i}`, { tags: ["db"] });
    queries = [];
    expect((await graphql(t.url, CHECKS, bearer(t.apiKey))).body.errors).toBeUndefined();
    expect(queries.length).toBe(before);
  });
});
