import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { globalId as gid } from "../../support/global-id.js";
import { testProvider } from "../../support/database.js";
import { createCheckResults, createCheck } from "../../support/index.js";

const MINUTE = 60_000;

const PAGE = `query ($checkId: ID!, $first: Int, $after: String, $last: Int, $before: String, $from: DateTime, $to: DateTime,
  $location: Location, $checkType: CheckType, $hasFailures: Boolean, $resultType: CheckResultTypeFilter) {
  checkResults(checkId: $checkId, first: $first, after: $after, last: $last, before: $before, from: $from, to: $to,
    location: $location, checkType: $checkType, hasFailures: $hasFailures, resultType: $resultType) {
    edges { cursor node { id } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;
type Connection = {
  edges: { cursor: string; node: { id: string } }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
};

describe(`GraphQL check results: keyset walks, REST cursors and batching on ${testProvider}`, () => {
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const api = t.api;
  let checkId: string;
  const gql = t.gql;
  const statements: string[] = [];
  const db = () => t.db;
  const raw = (globalId: string) => Buffer.from(globalId, "base64").toString().split(":")[1]!;

  /** 37 results of one check in runs of 4 sharing a startedAt (ties broken by id), every 5th an ATTEMPT. */
  async function seed(count: number, accountId = t.accountId) {
    const check = await createCheck(t, { name: "Paged" }, accountId);
    const base = Date.now() - count * MINUTE;
    await createCheckResults(t, check, count, (i) => ({
      checkRunId: i + 1,
      resultType: i % 5 === 4 ? "ATTEMPT" : "FINAL",
      runLocation: i % 3 === 0 ? "us-east-1" : "eu-west-1",
      hasFailures: i % 4 === 1,
      startedAt: new Date(base + Math.floor(i / 4) * MINUTE),
    }));
    return check.id;
  }
  const expected = async (where: Record<string, unknown> = { resultType: "FINAL" }) =>
    (
      await db().checkResult.findMany({
        where: { checkId, ...where },
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
        select: { id: true },
      })
    ).map((r) => r.id);

  async function walk(variables: Record<string, unknown>, direction: "forward" | "backward") {
    const ids: string[] = [];
    const pages: Connection[] = [];
    let cursor: string | null = null;
    for (;;) {
      const page: Connection = (
        await gql(PAGE, {
          checkId: gid("ApiCheck", checkId),
          ...variables,
          ...(direction === "forward" ? { after: cursor } : { before: cursor }),
        })
      ).body.data.checkResults;
      pages.push(page);
      const own = page.edges.map((e) => raw(e.node.id));
      if (direction === "forward") ids.push(...own);
      else ids.unshift(...own);
      if (direction === "forward" ? !page.pageInfo.hasNextPage : !page.pageInfo.hasPreviousPage) return { ids, pages };
      cursor = direction === "forward" ? page.pageInfo.endCursor : page.pageInfo.startCursor;
      expect(pages.length).toBeLessThan(100);
    }
  }
  async function walkRest(query: string) {
    const ids: string[] = [];
    let next: string | null = "";
    while (next !== null) {
      const { body }: { body: { entries: { id: string }[]; nextId: string | null } } = await api.get(
        `/v2/check-results/${checkId}?${query}${next ? `&nextId=${encodeURIComponent(next)}` : ""}`,
      );
      ids.push(...body.entries.map((e) => e.id));
      next = body.nextId;
    }
    return ids;
  }

  beforeAll(async () => {
    checkId = await seed(37);
  });

  it("walks forwards and backwards over many pages with tied startedAt: no duplicates, no gaps, same order", async () => {
    for (const [variables, where] of [
      [{}, { resultType: "FINAL" }],
      [{ resultType: "ALL" }, {}],
    ] as const) {
      const all = await expected(where);
      for (const size of [5, 7, 1]) {
        const forward = await walk({ first: size, ...variables }, "forward");
        expect(forward.ids).toEqual(all);
        expect(forward.pages.length).toBe(Math.ceil(all.length / size));
        expect(forward.pages.map((p) => p.pageInfo.hasPreviousPage)).toEqual(forward.pages.map((_, i) => i > 0));
        const backward = await walk({ last: size, ...variables }, "backward");
        expect(backward.ids).toEqual(all);
        expect(backward.pages.map((p) => p.pageInfo.hasNextPage)).toEqual(backward.pages.map((_, i) => i > 0));
        for (const page of [...forward.pages, ...backward.pages]) {
          expect(page.pageInfo.startCursor).toBe(page.edges[0]?.cursor ?? null);
          expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
        }
      }
    }
  });

  it("shares its cursor with REST v2: a nextId continues a GraphQL walk, an edge cursor continues a REST walk", async () => {
    const all = await expected();
    const rest1 = (await api.get(`/v2/check-results/${checkId}?limit=4`)).body;
    const graph1: Connection = (await gql(PAGE, { checkId: gid("ApiCheck", checkId), first: 4 })).body.data
      .checkResults;
    expect(graph1.edges.map((e) => raw(e.node.id))).toEqual(rest1.entries.map((e: { id: string }) => e.id));
    expect(graph1.pageInfo.endCursor).toBe(rest1.nextId);

    const graph2: Connection = (await gql(PAGE, { checkId: gid("ApiCheck", checkId), first: 4, after: rest1.nextId }))
      .body.data.checkResults;
    expect(graph2.edges.map((e) => raw(e.node.id))).toEqual(all.slice(4, 8));
    const rest3 = (
      await api.get(`/v2/check-results/${checkId}?limit=4&nextId=${encodeURIComponent(graph2.pageInfo.endCursor!)}`)
    ).body;
    expect(rest3.entries.map((e: { id: string }) => e.id)).toEqual(all.slice(8, 12));
    // And backwards from a REST position (the last entry of REST page 3): the entries just newer than it.
    const back: Connection = (await gql(PAGE, { checkId: gid("ApiCheck", checkId), last: 3, before: rest3.nextId }))
      .body.data.checkResults;
    expect(back.edges.map((e) => raw(e.node.id))).toEqual(all.slice(8, 11));
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it("filters exactly as REST v2 does: from, to, location, checkType, hasFailures, resultType", async () => {
    const rows = await db().checkResult.findMany({
      where: { checkId },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    });
    const from = rows[30]!.startedAt;
    const to = rows[6]!.startedAt;
    const cases: [Record<string, unknown>, string][] = [
      [{ from: from.toISOString(), to: to.toISOString() }, `from=${from.toISOString()}&to=${to.toISOString()}`],
      [{ from: from.toISOString(), resultType: "ATTEMPT" }, `from=${from.toISOString()}&resultType=ATTEMPT`],
      [{ location: "EU_WEST_1" }, "location=eu-west-1"],
      [{ location: "US_EAST_1", resultType: "ALL" }, "location=us-east-1&resultType=ALL"],
      [{ hasFailures: true }, "hasFailures=true"],
      [{ hasFailures: false, resultType: "ALL" }, "hasFailures=false&resultType=ALL"],
      [{ checkType: "API" }, "checkType=API"],
      [{ checkType: "DNS" }, "checkType=DNS"],
    ];
    for (const [variables, query] of cases) {
      const rest = await walkRest(`limit=6&${query}`);
      expect((await walk({ first: 6, ...variables }, "forward")).ids).toEqual(rest);
      expect((await walk({ last: 6, ...variables }, "backward")).ids).toEqual(rest);
    }
    const failing = rows.filter((r) => r.hasFailures && r.resultType === "FINAL").map((r) => r.id);
    expect(failing.length).toBeGreaterThan(2);
    expect((await walk({ first: 100, hasFailures: true }, "forward")).ids).toEqual(failing);
    expect((await walk({ first: 3, checkType: "DNS" }, "forward")).ids).toEqual([]);
  });

  it("reads Check.results of a list of checks in one statement, whatever the number of checks", async () => {
    const checks = [checkId, ...(await Promise.all(Array.from({ length: 5 }, () => seed(2))))];
    const query = `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Check { id
      results(first: 2) { edges { node { id checkId } } pageInfo { hasNextPage } }
      attempts: results(last: 1, resultType: ATTEMPT) { edges { node { resultType } } } } } }`;
    const count = async (ids: string[]) => {
      statements.length = 0;
      const response = await gql(query, { ids: ids.map((id) => gid("ApiCheck", id)) });
      expect(response.body.errors).toBeUndefined();
      const read = statements.filter((sql) => /"CheckResult"/.test(sql)).length;
      return { read, nodes: response.body.data.nodes };
    };
    const two = await count(checks.slice(0, 2));
    const six = await count(checks);
    expect(six.read).toBe(two.read);
    expect(six.read).toBe(2);
    for (const [i, node] of six.nodes.entries()) {
      const own = await db().checkResult.findMany({
        where: { checkId: checks[i], resultType: "FINAL" },
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
        take: 2,
      });
      expect(node.results.edges.map((e: any) => raw(e.node.id))).toEqual(own.map((r) => r.id));
      expect(node.results.edges.every((e: any) => e.node.checkId === checks[i])).toBe(true);
      expect(node.results.pageInfo.hasNextPage).toBe(i === 0);
      expect(node.attempts.edges.map((e: any) => e.node.resultType)).toEqual(i === 0 ? ["ATTEMPT"] : []);
    }
  });
});
