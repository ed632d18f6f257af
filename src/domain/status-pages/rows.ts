import type { Prisma, StatusPage, StatusPageCard, StatusPageKey } from "../../generated/sqlite/client.js";

/** A stored status page, without its cards and keys (GraphQL reads them per batch of pages). */
export type StatusPageRow = StatusPage;
export type StatusPageCardRow = StatusPageCard;
export type StatusPageKeyRow = StatusPageKey;

/** What REST reads a page with: its cards (with their services, in order) and its keys. */
export const statusPageInclude = {
  cards: {
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    include: { services: { orderBy: { position: "asc" }, include: { service: true } } },
  },
  keys: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.StatusPageInclude;

export type StatusPageWithCardsRow = Prisma.StatusPageGetPayload<{ include: typeof statusPageInclude }>;
