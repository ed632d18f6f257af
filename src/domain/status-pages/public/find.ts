import type { Prisma } from "../../../generated/sqlite/client.js";
import type { SystemContext } from "../../shared/context.js";

/** A visited page with its cards and their services, in order (no keys: a visitor never sees them). */
export const visitedPageInclude = {
  cards: {
    orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    include: { services: { orderBy: { position: "asc" }, include: { service: true } } },
  },
} satisfies Prisma.StatusPageInclude;

export type VisitedPageRow = Prisma.StatusPageGetPayload<{ include: typeof visitedPageInclude }>;

/** How a visitor names a page: its url (/status/{url}) or the Host of its custom domain. */
export type PageAddress = { url: string } | { customDomain: string };

/**
 * The page a visitor opens, across accounts (a visitor has none), private or not: the caller
 * decides what a private page shows (authorizeVisitor). Urls and domains are stored lower-cased.
 */
export async function findVisitedPage({ ctx, address }: { ctx: SystemContext; address: PageAddress }) {
  const where =
    "url" in address
      ? { url: address.url.trim().toLowerCase() }
      : { verifiedDomain: address.customDomain.trim().toLowerCase() };
  return ctx.db.statusPage.findFirst({ where, include: visitedPageInclude });
}

/**
 * Whether some page has this custom domain, verified (a Host header that is none is left to the
 * rest of the app: an unverified domain never answers for the service).
 */
export async function isCustomDomain({ ctx, host }: { ctx: SystemContext; host: string }) {
  return (await ctx.db.statusPage.count({ where: { verifiedDomain: host.toLowerCase() } })) > 0;
}
