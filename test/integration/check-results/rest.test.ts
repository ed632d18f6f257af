import { describe, expect, it } from "vitest";
import type { RecordCheckResultInput } from "../../../src/domain/check-results/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";

const HOUR = 3_600_000;
const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

describe(`REST check results v1 list on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const record = resultRecorder(t);
  const newCheck = checkFactory(t);

  it("lists the default window (the 6 hours before now), FINAL results only, newest first", async () => {
    const check = await newCheck();
    const now = Date.now();
    const at = (ms: number, extra: Partial<RecordCheckResultInput> = {}) =>
      record({ checkId: check.id, runLocation: "eu-west-1", startedAt: new Date(now - ms), ...extra });
    const recent = await at(HOUR);
    const edge = await at(6 * HOUR - 60_000);
    await at(6 * HOUR + 60_000);
    await at(-60_000);
    await at(2 * HOUR, { resultType: "ATTEMPT" });
    const { status, body } = await api.get(`/v1/check-results/${check.id}`);
    expect(status).toBe(200);
    expect(body.map((r: { id: string }) => r.id)).toEqual([recent.id, edge.id]);
    const all = await api.get(`/v1/check-results/${check.id}?resultType=ALL`);
    expect(all.body.map((r: { resultType: string }) => r.resultType)).toEqual(["FINAL", "ATTEMPT", "FINAL"]);
    const attempts = await api.get(`/v1/check-results/${check.id}?resultType=ATTEMPT`);
    expect(attempts.body).toHaveLength(1);
  });

  it("derives the missing bound of the window from the other and refuses a window over 6 hours", async () => {
    const check = await newCheck();
    const base = new Date("2026-03-01T12:00:00.000Z");
    const ids: string[] = [];
    for (const h of [0, 3, 6, 9])
      ids.push(
        (await record({ checkId: check.id, runLocation: "eu-west-1", startedAt: new Date(base.getTime() + h * HOUR) }))
          .id,
      );
    const list = async (query: string) =>
      (await api.get(`/v1/check-results/${check.id}?${query}`)).body.map((r: { id: string }) => r.id);
    // from inclusive, to exclusive; from alone reaches 6 h later, to alone 6 h earlier.
    expect(await list(`from=${seconds(base)}`)).toEqual([ids[1], ids[0]]);
    expect(await list(`to=${seconds(new Date(base.getTime() + 9 * HOUR))}`)).toEqual([ids[2], ids[1]]);
    expect(await list(`from=${base.toISOString()}&to=${new Date(base.getTime() + 6 * HOUR).toISOString()}`)).toEqual([
      ids[1],
      ids[0],
    ]);
    expect(await list(`from=2026-03-01T15:00:00Z&to=${seconds(new Date(base.getTime() + 9 * HOUR))}`)).toEqual([
      ids[2],
      ids[1],
    ]);
    const wide = await api.get(
      `/v1/check-results/${check.id}?from=${seconds(base)}&to=${Number(seconds(base)) + 6 * 3600 + 1}`,
    );
    expect(wide.status).toBe(400);
    expect(wide.body.validation).toEqual({ source: "query", keys: ["to"] });
    expect(
      (await api.get(`/v1/check-results/${check.id}?from=${seconds(base)}&to=${seconds(base)}`)).body.validation.keys,
    ).toEqual(["to"]);
    expect((await api.get(`/v1/check-results/${check.id}?from=yesterday`)).body.validation).toEqual({
      source: "query",
      keys: ["from"],
    });
  });

  it("pages with page and limit (default 10) without duplicates or gaps", async () => {
    const check = await newCheck();
    const base = Date.now() - HOUR;
    const seeded: string[] = [];
    // Pairs share a startedAt: the id breaks the tie.
    for (let i = 0; i < 25; i++)
      seeded.push(
        (
          await record({
            checkId: check.id,
            runLocation: "eu-west-1",
            startedAt: new Date(base + Math.floor(i / 2) * 1000),
          })
        ).id,
      );
    const expected = (
      await db().checkResult.findMany({
        where: { checkId: check.id },
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      })
    ).map((r) => r.id);
    expect((await api.get(`/v1/check-results/${check.id}`)).body.map((r: { id: string }) => r.id)).toEqual(
      expected.slice(0, 10),
    );
    const pages = [];
    for (const page of [1, 2, 3, 4])
      pages.push(
        (await api.get(`/v1/check-results/${check.id}?limit=7&page=${page}`)).body.map((r: { id: string }) => r.id),
      );
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 4]);
    expect(pages.flat()).toEqual(expected);
    expect(new Set(pages.flat()).size).toBe(seeded.length);
    expect((await api.get(`/v1/check-results/${check.id}?limit=7&page=5`)).body).toEqual([]);
    expect((await api.get(`/v1/check-results/${check.id}?page=1000000`)).body).toEqual([]);
    expect((await api.get(`/v1/check-results/${check.id}?limit=100`)).body).toHaveLength(25);
    expect((await api.get(`/v1/check-results/${check.id}?limit=1`)).body).toHaveLength(1);
  });

  it.each([
    ["limit=0", ["limit"]],
    ["limit=101", ["limit"]],
    ["limit=1.5", ["limit"]],
    ["page=0", ["page"]],
    ["page=x", ["page"]],
    ["page=1000001", ["page"]],
    ["location=mars-1", ["location"]],
    ["checkType=SMOKE", ["checkType"]],
    ["hasFailures=yes", ["hasFailures"]],
    ["resultType=LAST", ["resultType"]],
    ["to=not-a-date", ["to"]],
    ["limit=0&resultType=x", ["limit", "resultType"]],
  ])("refuses %s with 400 naming %o", async (query, keys) => {
    const check = await newCheck();
    const response = await api.get(`/v1/check-results/${check.id}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      validation: { source: "query", keys },
    });
  });

  it("filters by location, checkType and hasFailures", async () => {
    const check = await newCheck();
    const startedAt = new Date(Date.now() - HOUR);
    const ok = await record({ checkId: check.id, runLocation: "eu-west-1", startedAt });
    const failed = await record({ checkId: check.id, runLocation: "us-east-1", hasFailures: true, startedAt });
    await db().check.update({ where: { id: check.id }, data: { checkType: "BROWSER" } });
    const browser = await record({ checkId: check.id, runLocation: "eu-west-1", startedAt });
    const ids = async (query: string) =>
      (await api.get(`/v1/check-results/${check.id}?${query}`)).body.map((r: { id: string }) => r.id).sort();
    expect(await ids("location=us-east-1")).toEqual([failed.id]);
    expect(await ids("location=eu-west-1")).toEqual([ok.id, browser.id].sort());
    expect(await ids("location=ap-south-1")).toEqual([]);
    expect(await ids("checkType=BROWSER")).toEqual([browser.id]);
    expect(await ids("checkType=API")).toEqual([ok.id, failed.id].sort());
    expect(await ids("hasFailures=true")).toEqual([failed.id]);
    expect(await ids("hasFailures=false")).toEqual([ok.id, browser.id].sort());
    expect(await ids("hasFailures=false&location=eu-west-1&checkType=API")).toEqual([ok.id]);
  });
});
