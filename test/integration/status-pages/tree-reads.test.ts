import { beforeAll, describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import type { DomainContext } from "../../../src/domain/shared/context.js";
import { incidentsOfStatusPages, incidentViews } from "../../../src/domain/incidents/index.js";
import { servicesOfCards, servicesOfIncidents } from "../../../src/domain/status-page-services/index.js";
import { cardsOfStatusPages, pageStatusPages } from "../../../src/domain/status-pages/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { seedStatusPages, type SeededPage } from "../../support/index.js";

// The nested status-page tree (pages, cards, services, incidents, updates) reads through the
// database's raw reads (src/db/sqlite-reads.ts on SQLite): every read must give what the
// Prisma path gives (findMany, or the context without `read`), value for value, one statement each.
describe(`the status-page tree's raw reads on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const shape = { pages: 4, cardsPerPage: 2, servicesPerCard: 3, incidentsPerPage: 5, updatesPerIncident: 3 };
  let seeded: SeededPage[];
  let raw: DomainContext;
  let prisma: DomainContext;

  beforeAll(async () => {
    seeded = await seedStatusPages(t.db, t.accountId, shape, "tree");
    raw = domainContext(t.app.context, t.accountId);
    prisma = { ...raw, read: undefined };
  });

  /** The value `read` gives through both paths, asserted equal, with the raw path's statement count. */
  async function both<T>(read: (ctx: DomainContext) => Promise<T>): Promise<{ value: T; statements: number }> {
    const expected = await read(prisma);
    statements.length = 0;
    const value = await read(raw);
    const count = statements.length;
    expect(value).toEqual(expected);
    return { value, statements: count };
  }

  it("reads pages, cards and services as Prisma does", async () => {
    // Every column findMany gives, decoded alike (JSON, booleans, dates), with a page that sets them all.
    await t.db.statusPage.update({
      where: { id: seeded[1]!.id },
      data: {
        description: "all set",
        customDomain: "status.tree.test",
        verifiedDomain: "status.tree.test",
        domainToken: "token",
        domainCheckedAt: new Date("2026-02-03T04:05:06.789Z"),
        logo: "https://tree.test/logo.png",
        logoDark: "https://tree.test/dark.png",
        redirectTo: "https://tree.test",
        favicon: "https://tree.test/favicon.ico",
        defaultTheme: "DARK",
        isPrivate: true,
        themeColors: { light: { primary: "#112233" }, dark: null },
        version: "2",
        webhookSecret: "whsec_tree",
      },
    });
    const findMany = await t.db.statusPage.findMany({
      where: { accountId: t.accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    statements.length = 0;
    const pages = await pageStatusPages({ ctx: raw, args: { first: 10 } });
    expect(statements).toHaveLength(1);
    expect(pages.nodes).toEqual(findMany);
    expect(pages.nodes.map((page) => page.name)).toEqual(seeded.map((page) => page.name));
    const [second] = (await pageStatusPages({ ctx: raw, args: { first: 1, after: pages.cursors[0] } })).nodes;
    expect(second).toEqual(findMany[1]);
    const back = await pageStatusPages({ ctx: raw, args: { last: 2, before: pages.cursors[3] } });
    expect(back.nodes).toEqual(findMany.slice(1, 3));
    expect(back.hasPreviousPage).toBe(true);

    const pageIds = pages.nodes.map((page) => page.id);
    const cardRows = await t.db.statusPageCard.findMany({
      where: { statusPageId: { in: pageIds } },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    });
    statements.length = 0;
    const cards = { value: await cardsOfStatusPages(raw, pageIds) };
    expect(statements).toHaveLength(1);
    expect(cards.value).toEqual(pageIds.map((id) => cardRows.filter((card) => card.statusPageId === id)));
    const cardIds = cards.value.flat().map((card) => card.id);
    const services = await both((ctx) => servicesOfCards(ctx, cardIds));
    expect(services.statements).toBe(1);
    expect(services.value.map((list) => list.map((s) => s.name))).toEqual(
      seeded.flatMap((page) => page.cards.map((card) => card.services)),
    );
  });

  it("reads each page's incidents with their services and updates, forwards and backwards", async () => {
    const pageIds = seeded.map((page) => page.id);
    const first = await both((ctx) =>
      incidentsOfStatusPages(
        ctx,
        pageIds.map((statusPageId) => ({ statusPageId, args: { first: 3 } })),
      ),
    );
    // The incident rows, their services and their updates: three statements for any number of pages.
    expect(first.statements).toBe(3);
    const page = first.value[0] as Exclude<(typeof first.value)[number], Error>;
    expect(page.nodes.map((incident) => incident.name)).toEqual(seeded[0]!.incidents.slice(0, 3).map((i) => i.name));
    expect(page.nodes[0]!.updates.map((update) => update.description)).toEqual(seeded[0]!.incidents[0]!.updates);
    const after = page.cursors.at(-1)!;
    await both((ctx) => incidentsOfStatusPages(ctx, [{ statusPageId: pageIds[0]!, args: { first: 10, after } }]));
    await both((ctx) => incidentsOfStatusPages(ctx, [{ statusPageId: pageIds[1]!, args: { last: 2, before: after } }]));
    const shownOn = await both((ctx) => incidentViews(ctx, page.nodes, { shownOnStatusPageId: pageIds[0]! }));
    expect(shownOn.value.map((incident) => incident.services.length)).toEqual(page.nodes.map(() => 1));
    await both((ctx) =>
      servicesOfIncidents(
        ctx,
        page.nodes.map((incident) => incident.id),
      ),
    );
  });

  it("reads nothing of another account's pages", async () => {
    const other = await t.newAccount("tree reads");
    const ctx = domainContext(t.app.context, other.accountId);
    const pageIds = seeded.map((page) => page.id);
    expect((await cardsOfStatusPages(ctx, pageIds)).flat()).toEqual([]);
    const incidents = await incidentsOfStatusPages(
      ctx,
      pageIds.map((statusPageId) => ({ statusPageId, args: { first: 5 } })),
    );
    expect(incidents.flatMap((page) => (page instanceof Error ? [page.message] : page.nodes.map((i) => i.id)))).toEqual(
      [],
    );
    const cardIds = (await cardsOfStatusPages(raw, pageIds)).flat().map((card) => card.id);
    expect((await servicesOfCards(ctx, cardIds)).flat()).toEqual([]);
  });
});
