import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder, createCheckResults } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const DAY = 86_400_000;
type Page = { length: number; entries: { id: string; startedAt: string }[]; nextId: string | null };

describe(`REST check results v2 (cursor pages) on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const record = resultRecorder(t);
  const newCheck = checkFactory(t, { name: "Cursor check" });
  const newest = async (checkId: string) =>
    (
      await db().checkResult.findMany({
        where: { checkId, resultType: "FINAL" },
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
        select: { id: true },
      })
    ).map((r) => r.id);

  /** Follows nextId from the first page to the last; returns every page. */
  async function walk(checkId: string, query: string): Promise<Page[]> {
    const pages: Page[] = [];
    let next: string | null = "";
    while (next !== null) {
      const response: { status: number; body: Page } = await api.get<Page>(
        `/v2/check-results/${checkId}?${query}${next ? `&nextId=${encodeURIComponent(next)}` : ""}`,
      );
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(response.body.entries.length);
      pages.push(response.body);
      next = response.body.nextId;
      expect(pages.length).toBeLessThan(1000);
    }
    return pages;
  }

  let walked: { checkId: string; expected: string[] };

  beforeAll(async () => {
    // 253 results over 60 days, in runs of 7 sharing one startedAt (ties broken by id), some ATTEMPTs.
    const check = await newCheck();
    const base = Date.now() - 60 * DAY;
    await createCheckResults(t, check, 253, (i) => ({
      checkRunId: i + 1,
      resultType: i % 10 === 9 ? "ATTEMPT" : "FINAL",
      startedAt: new Date(base + Math.floor(i / 7) * (DAY / 2)),
    }));
    walked = { checkId: check.id, expected: await newest(check.id) };
  });

  it("walks every page by nextId with no duplicates and no gaps, and no default window", async () => {
    for (const limit of [10, 7, 100, 1]) {
      const pages = await walk(walked.checkId, `limit=${limit}`);
      const ids = pages.flatMap((page) => page.entries.map((entry) => entry.id));
      expect(ids).toEqual(walked.expected);
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      expect(pages.at(-1)!.nextId).toBeNull();
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    }
    const first = await api.get<Page>(`/v2/check-results/${walked.checkId}`);
    expect(first.body.length).toBe(10);
    expect(first.body.nextId).toEqual(expect.any(String));
  });

  it("ends with nextId null when the last page is exactly full", async () => {
    const check = await newCheck();
    for (let i = 0; i < 20; i++)
      await record({ checkId: check.id, runLocation: "eu-west-1", startedAt: new Date(Date.now() - i * 1000) });
    const pages = await walk(check.id, "limit=10");
    expect(pages.map((p) => p.length)).toEqual([10, 10]);
    expect(pages[0]!.nextId).not.toBeNull();
    const empty = await newCheck();
    expect((await api.get(`/v2/check-results/${empty.id}`)).body).toEqual({ length: 0, entries: [], nextId: null });
  });

  it("keeps the filters across pages: from (inclusive), to (exclusive), resultType", async () => {
    const rows = await db().checkResult.findMany({
      where: { checkId: walked.checkId },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    });
    const from = rows[200]!.startedAt;
    const to = rows[20]!.startedAt;
    const inWindow = (type: string | null) =>
      rows
        .filter((r) => r.startedAt >= from && r.startedAt < to && (type === null || r.resultType === type))
        .map((r) => r.id);
    const s = (date: Date) => String(date.getTime() / 1000);
    const ids = async (query: string) => (await walk(walked.checkId, query)).flatMap((p) => p.entries.map((e) => e.id));
    expect(await ids(`limit=9&from=${s(from)}&to=${s(to)}`)).toEqual(inWindow("FINAL"));
    expect(await ids(`limit=9&from=${from.toISOString()}&to=${to.toISOString()}&resultType=ALL`)).toEqual(
      inWindow(null),
    );
    expect(await ids(`limit=9&from=${s(from)}&to=${s(to)}&resultType=ATTEMPT`)).toEqual(inWindow("ATTEMPT"));
    expect(inWindow("ATTEMPT").length).toBeGreaterThan(0);
  });

  it("filters by location, checkType and hasFailures", async () => {
    const check = await newCheck();
    const a = await record({ checkId: check.id, runLocation: "eu-west-1", hasFailures: true });
    const b = await record({ checkId: check.id, runLocation: "ap-south-1" });
    const ids = async (query: string) =>
      (await api.get<Page>(`/v2/check-results/${check.id}?${query}`)).body.entries.map((e) => e.id);
    expect(await ids("hasFailures=true")).toEqual([a.id]);
    expect(await ids("hasFailures=false")).toEqual([b.id]);
    expect(await ids("location=ap-south-1")).toEqual([b.id]);
    expect(await ids("checkType=API&location=eu-west-1")).toEqual([a.id]);
    expect(await ids("checkType=DNS")).toEqual([]);
  });

  it("shows entries in the same shape as the v1 item, or only the requested fields", async () => {
    // Entries are written as JSON text (src/rest/v1/check-results.ts): a name to escape.
    const check = await newCheck({ name: 'Say "hi" \\ back ✓ 🚀' });
    const result = await record({ checkId: check.id, runLocation: "eu-west-1", errorGroupIds: ["e"] });
    const page = await api.get(`/v2/check-results/${check.id}`);
    const item = await api.get(`/v1/check-results/${check.id}/${result.id}`);
    expect(page.body).toEqual({ length: 1, entries: [item.body], nextId: null });
    expect(item.body.name).toBe('Say "hi" \\ back ✓ 🚀');
    const some = await api.get(`/v2/check-results/${check.id}?fields=id,startedAt&fields=createdAt`);
    expect(some.body.entries).toEqual([
      { id: result.id, startedAt: item.body.startedAt, created_at: item.body.created_at },
    ]);
    const bad = await api.get(`/v2/check-results/${check.id}?fields=id,colour`);
    expect(bad.status).toBe(400);
    expect(bad.body.validation).toEqual({ source: "query", keys: ["fields.1"] });
  });

  it("refuses a cursor it did not issue and out-of-range limits", async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const nextId of ["garbage", forged([1, 2]), forged([1e300, "x"]), forged([1.5, "x"]), forged(["a", "b"])]) {
      const response = await api.get(`/v2/check-results/${walked.checkId}?nextId=${encodeURIComponent(nextId)}`);
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "query", keys: ["nextId"] });
    }
    for (const [query, keys] of [
      ["limit=0", ["limit"]],
      ["limit=101", ["limit"]],
      ["resultType=all", ["resultType"]],
      ["from=10&to=5", ["to"]],
    ] as const) {
      const response = await api.get(`/v2/check-results/${walked.checkId}?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "query", keys });
    }
    expect((await api.get<Page>(`/v2/check-results/${walked.checkId}?limit=100`)).body.length).toBe(100);
    expect((await api.get<Page>(`/v2/check-results/${walked.checkId}?limit=1`)).body.length).toBe(1);
  });

  it("answers 404 for another account's check and for malformed ids", async () => {
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    expect((await stranger.get(`/v2/check-results/${walked.checkId}`)).status).toBe(404);
    for (const bad of ["abc", "12", randomUUID()]) expect((await api.get(`/v2/check-results/${bad}`)).status).toBe(404);
  });
});
